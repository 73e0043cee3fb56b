import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, PermissionCache, RequiresAction, RequiresAnyAction, UserDirectory, type AuthUser } from '@openfleet/auth';
import { formatCst, writeSheet } from '@openfleet/service-kit';
import { okEnvelope } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Response } from 'express';
import { MediaService } from '../media/media.service';
import { AlarmConfirmDto, OrderIdsDto, OrderPageQueryDto, SendOrderDto } from './dto/order.dto';
import { orderView } from './order-secrets';
import { commandText, errorText, orderContentText, ORDER_STATUS_ZH } from './order-sheet';
import { OrderService } from './order.service';

/** Commands terminalProM may send with its own permission (parameters and attributes). */
const PARAMETER_COMMANDS = new Set(['setParams', 'queryParams', 'queryParamsById', 'queryAttributes', 'setVideoEncoding', 'setVideoChannel', 'setAlarmRecording', 'setVideoAlarmMask']);

const SEND = 'controlInstruction:send';
const PARAMETERS = 'terminalProM:modify';

@ApiTags('instruction')
@ApiBearerAuth()
@Controller('gps/sendOrder')
export class OrderController {
  constructor(
    private readonly orders: OrderService,
    private readonly media: MediaService,
    private readonly permissions: PermissionCache,
    private readonly users: UserDirectory,
  ) {}

  @Post('send')
  @HttpCode(200)
  @RequiresAnyAction(SEND, PARAMETERS)
  @ApiOperation({
    summary: 'Send a command to one vehicle or a batch',
    description:
      'One order per vehicle. Online: status 7 until the reply (1, 3 with 7103-7105, 4 with 7117). Offline: 2 with 7205, or 5 (queued) with offlinePolicy=queue. Refusals: 7106 invalid fields (data lists them), 7107 no protocol, 7108 no SIM, 7109 edition mismatch, 7110 unknown command, 7119 no vehicle, 8002 vehicle not visible. A single vehicle answers its error code; a batch answers every outcome.',
  })
  async send(@CurrentUser() user: AuthUser, @Body() body: SendOrderDto) {
    if (!this.permissions.allows(user, [SEND]) && !PARAMETER_COMMANDS.has(body.commandType)) throw new AppError(ErrorCode.NO_PERMISSION);
    return okEnvelope(await this.orders.send(user, body));
  }

  @Post('cancel')
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: 'Cancel orders not yet delivered (0/5 -> 6); 7111 delivered to an online vehicle, 7113 finished, 7112 unknown' })
  async cancel(@CurrentUser() user: AuthUser, @Body() body: OrderIdsDto) {
    return okEnvelope(await this.orders.cancel(user, body.orderIds));
  }

  @Post('resend')
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: 'Send orders again as new orders (same command, parameters and offline policy)' })
  async resend(@CurrentUser() user: AuthUser, @Body() body: OrderIdsDto) {
    return okEnvelope(await this.orders.resend(user, body.orderIds));
  }

  @Get('page')
  @RequiresAnyAction('controlInstruction:search', SEND)
  @ApiOperation({ summary: 'The order log (controlInstruction): filters status, commandType, vehicleId, batchId, keyword (plate), startTime/endTime' })
  async page(@CurrentUser() user: AuthUser, @Query() query: OrderPageQueryDto) {
    return okEnvelope(await this.orders.page(user, query));
  }

  @Get('pendingCount')
  @RequiresAction('controlInstruction')
  @ApiOperation({ summary: "Orders of the caller's scope still open (0, 5, 7): the header badge, {count, time}" })
  async pendingCount(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.orders.pendingCount(user));
  }

  @Get('export')
  @RequiresAction('controlInstruction:export')
  @ApiOperation({ summary: 'The filtered order log as Excel (at most 10,000 rows), in the screen\'s words: command and status by name, parameters as labelled rows, 操作人 by name (未知用户 outside the caller\'s scope)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: OrderPageQueryDto, @Res() response: Response) {
    const rows = await this.orders.exportRows(user, query);
    const operatorName = await this.users.namer(user);
    const file = await writeSheet(
      '指令记录',
      [
        { key: 'id', header: '指令编号' },
        { key: 'plateCode', header: '车牌号' },
        { key: 'terminalPhone', header: 'SIM卡号' },
        { key: 'commandType', header: '指令类型' },
        { key: 'msgId', header: '消息ID' },
        { key: 'status', header: '状态' },
        { key: 'errorCode', header: '错误码', width: 30 },
        { key: 'content', header: '指令内容', width: 40 },
        { key: 'createdAt', header: '下发时间', width: 20 },
        { key: 'replyAt', header: '应答时间', width: 20 },
        { key: 'operatorId', header: '操作人' },
      ],
      // Rows come masked from exportRows: the content column shows no credential.
      rows.map((row) => ({
        ...row,
        commandType: commandText(row.commandType),
        status: ORDER_STATUS_ZH[row.status] ?? String(row.status),
        errorCode: errorText(row.errorCode),
        content: orderContentText(row.commandType, row.params, row.body),
        createdAt: formatCst(row.createdAt / 1000),
        replyAt: row.replyAt ? formatCst(row.replyAt / 1000) : '',
        operatorId: operatorName(row.operatorId),
      })),
    );
    response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    response.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('指令记录.xlsx')}`);
    response.end(file);
  }

  // The spec names the path but not the method: the query form (GET) and the JSON body (POST) both work.
  @Get('sendOrderInfoByCommandAlarmMakeSure')
  @RequiresAnyAction('alarmHandle:modify', SEND)
  @ApiOperation({ summary: 'The same confirmation with query parameters' })
  alarmConfirmByQuery(@CurrentUser() user: AuthUser, @Query() query: AlarmConfirmDto) {
    return this.alarmConfirm(user, query);
  }

  @Post('sendOrderInfoByCommandAlarmMakeSure')
  @HttpCode(200)
  @RequiresAnyAction('alarmHandle:modify', SEND)
  @ApiOperation({ summary: "Confirm a terminal's manual alarm (0x8203) through the downlink path; answers the order" })
  async alarmConfirm(@CurrentUser() user: AuthUser, @Body() body: AlarmConfirmDto) {
    const types = body.alarmTypes ?? 1;
    const bit = (n: number) => (types & 2 ** n) !== 0;
    const params = { alarmSerial: body.alarmSerial ?? 0, emergency: bit(0), danger: bit(3), area: bit(20), route: bit(21), routeTime: bit(22), ignition: bit(27), displacement: bit(28) };
    return okEnvelope(await this.orders.send(user, { commandType: 'alarmConfirm', vehicleIds: [body.vehicleId], params }));
  }

  @Get(':id')
  @RequiresAnyAction('controlInstruction:search', SEND, PARAMETERS)
  @ApiOperation({ summary: "One order with its reply and, for a photo or media upload, the media it produced" })
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const order = await this.orders.get(user, id);
    return okEnvelope({ ...orderView(order), media: await this.media.forOrder(order) });
  }
}
