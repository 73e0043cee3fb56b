import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, type PressReleaseView } from '@openfleet/contracts';
import { sendSheet, writeSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { cst, LOG_EXPORT_ROWS } from '../common/log-export';
import { OperationLogInterceptor } from '../operation-log/operation-log.interceptor';
import { CreatePressReleaseDto, MarkNoticesReadDto, PressReleaseQueryDto, SendPressReleaseDto, UpdatePressReleaseDto } from './dto/press-release.dto';
import { NoticeInboxService } from './notice-inbox.service';
import { PressReleaseSenderService } from './press-release-sender.service';
import { PressReleaseService } from './press-release.service';

const LEVELS = ['普通', '重要', '紧急'];
const STATUSES = ['草稿', '已发布', '已撤回'];
const AUDIENCES: Record<string, string> = { company: '本企业全部用户', companies: '指定企业', roles: '指定角色', users: '指定用户' };

/** pressRelease: notices to console users (read receipts) and to drivers' terminals (0x8300 delivery receipts). */
@ApiTags('press release')
@ApiBearerAuth()
@Controller('basic/pressRelease')
@UseInterceptors(OperationLogInterceptor)
export class PressReleaseController {
  constructor(
    private readonly notices: PressReleaseService,
    private readonly sender: PressReleaseSenderService,
  ) {}

  @Get()
  @RequiresAction('pressRelease:search')
  @ApiOperation({ summary: "Paged search of the caller's companies' press releases, with targeted and read counts (pressRelease:search)" })
  async page(@CurrentUser() user: AuthUser, @Query() query: PressReleaseQueryDto) {
    return okEnvelope(await this.notices.page(user, query as PressReleaseQueryDto & Record<string, unknown>));
  }

  @Get('export')
  @RequiresAction('pressRelease:export')
  @ApiOperation({ summary: 'The press releases with the same filters as an Excel sheet (at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: PressReleaseQueryDto, @Res() response: Response) {
    const page = await this.notices.page(user, { ...query, current: 1, size: LOG_EXPORT_ROWS } as PressReleaseQueryDto & Record<string, unknown>);
    const rows = page.records as unknown as PressReleaseView[];
    const sheet = await writeSheet(
      'press-release',
      [
        { key: 'title', header: '标题', width: 30 },
        { key: 'level', header: '级别', width: 8 },
        { key: 'audience', header: '发布对象', width: 16 },
        { key: 'status', header: '状态', width: 10 },
        { key: 'publishedAt', header: '发布时间', width: 20 },
        { key: 'expiresAt', header: '有效期至', width: 20 },
        { key: 'targeted', header: '目标人数', width: 10 },
        { key: 'read', header: '已读', width: 8 },
        { key: 'unread', header: '未读', width: 8 },
        { key: 'author', header: '发布人', width: 14 },
        { key: 'content', header: '内容', width: 60 },
      ],
      rows.map((row) => ({
        ...row,
        level: LEVELS[row.level] ?? String(row.level),
        audience: AUDIENCES[row.audience] ?? row.audience,
        status: STATUSES[row.status] ?? String(row.status),
        publishedAt: row.status === 0 || row.publishedAt === null ? '' : cst(row.publishedAt),
        expiresAt: row.expiresAt === null ? '' : cst(row.expiresAt),
        unread: row.targeted - row.read,
      })),
    );
    sendSheet(response, 'press-release.xlsx', sheet);
  }

  @Get(':id')
  @RequiresAction('pressRelease:search')
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.view(user, id));
  }

  @Get(':id/receipts')
  @RequiresAction('pressRelease:search')
  @ApiOperation({ summary: 'Targeted, read and unread users (who read when), and the vehicles it was sent to with their terminals’ answers' })
  async receipts(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.receiptsOf(user, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('pressRelease:add')
  @ApiOperation({ summary: 'A draft: title, content, level, audience (company | companies | roles | users) with ids, publishAt, expiresAt' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreatePressReleaseDto) {
    return okEnvelope(await this.notices.view(user, (await this.notices.create(user, dto)).id));
  }

  @Put(':id')
  @RequiresAction('pressRelease:modify')
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdatePressReleaseDto) {
    return okEnvelope(await this.notices.view(user, (await this.notices.update(user, id, dto)).id));
  }

  @Delete(':id')
  @RequiresAction('pressRelease:delete')
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.notices.remove(user, id);
    return okEnvelope(true);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @RequiresAction('pressRelease:modify')
  @ApiOperation({ summary: 'Publishes to the audience resolved now (409 when already published); pushed live at its publish time' })
  async publish(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.publish(user, id));
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @RequiresAction('pressRelease:modify')
  async withdraw(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.notices.withdraw(user, id));
  }

  @Post(':id/send')
  @HttpCode(200)
  @RequiresAction('pressRelease:send')
  @ApiOperation({ summary: "Sends a published notice to vehicles' terminals as 0x8300 texts (8002 for a vehicle outside the scope, 409 unpublished)" })
  async send(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: SendPressReleaseDto) {
    return okEnvelope(await this.sender.send(user, id, dto.vehicleIds));
  }
}

/** The header's bell: every signed-in user reads and marks their own notices. */
@ApiTags('press release')
@ApiBearerAuth()
@Controller('basic/notices/inbox')
export class NoticeInboxController {
  constructor(private readonly inbox: NoticeInboxService) {}

  @Get()
  @ApiOperation({ summary: "The caller's press releases (unread first, at most 50) and the unread count" })
  async list(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.inbox.inbox(user));
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks the listed notices (all when ids is left out) read; answers how many changed' })
  async read(@CurrentUser() user: AuthUser, @Body() dto: MarkNoticesReadDto) {
    return okEnvelope(await this.inbox.markRead(user, dto.ids));
  }
}
