import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { BindingService } from '../binding/binding.service';
import { BindDto, FenceDto, FenceEventsQueryDto, FencePageQueryDto, IssueDto, QueryTerminalDto } from './fence.dto';
import { FenceService } from './fence.service';

const VIEW = ['fenceManage:search', 'fenceSend:search', 'multiCar', 'singleCar', 'historyTrack'];

@ApiTags('fence')
@ApiBearerAuth()
@Controller('gps/fence')
export class FenceController {
  constructor(
    private readonly fences: FenceService,
    private readonly bindings: BindingService,
  ) {}

  @Get()
  @RequiresAnyAction(...VIEW)
  @ApiOperation({ summary: 'Fences of the caller scope (fenceManage list, map layers): keyword (name), type' })
  async page(@CurrentUser() user: AuthUser, @Query() query: FencePageQueryDto) {
    return okEnvelope(await this.fences.page(user, query));
  }

  @Post('queryTerminal')
  @HttpCode(200)
  @RequiresAction('fenceSend:send')
  @ApiOperation({ summary: 'Ask a 2019 terminal for its areas or routes (0x8608, type 1 circle, 2 rectangle, 3 polygon, 4 route); the 0x0608 answer is the order with batchId = requestId' })
  async queryTerminal(@CurrentUser() user: AuthUser, @Body() dto: QueryTerminalDto) {
    return okEnvelope(await this.bindings.queryTerminal(user, dto.vehicleId, dto.type));
  }

  @Get('events')
  @RequiresAnyAction('historyTrack', 'fenceSend:search', 'fenceSend:send')
  @ApiOperation({ summary: "A vehicle's fence events in a window (at most 7 days): entries and exits for history playback" })
  async events(@CurrentUser() user: AuthUser, @Query() query: FenceEventsQueryDto) {
    return okEnvelope(await this.bindings.events(user, query.vehicleId, query.startTime, query.endTime));
  }

  @Get(':id')
  @RequiresAnyAction(...VIEW)
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.fences.get(user, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('fenceManage:add')
  @ApiOperation({ summary: 'Create a fence (WGS-84 geometry); 400 with the failed §5 rules, 7006 name taken' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: FenceDto) {
    return okEnvelope({ id: (await this.fences.create(user, dto)).id });
  }

  @Put(':id')
  @RequiresAction('fenceManage:modify')
  @ApiOperation({ summary: 'Change a fence: terminals that have the old version show it as stale until reissued' })
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: FenceDto) {
    await this.fences.update(user, id, dto);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction('fenceManage:delete')
  @ApiOperation({ summary: 'Delete a fence; 7002 while it is on a terminal, 7003 while its removal from a terminal is unanswered' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.fences.remove(user, id);
    return okEnvelope(true);
  }

  @Post(':id/bind')
  @HttpCode(200)
  @RequiresAction('fenceSend:send')
  @ApiOperation({ summary: 'Bind vehicles and fleets (a fleet binding reaches vehicles added to it later)' })
  async bind(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: BindDto) {
    await this.bindings.bind(user, id, dto.vehicleIds, dto.fleetIds);
    return okEnvelope(true);
  }

  @Post(':id/unbind')
  @HttpCode(200)
  @RequiresAction('fenceSend:send')
  async unbind(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: BindDto) {
    await this.bindings.unbind(user, id, dto.vehicleIds, dto.fleetIds);
    return okEnvelope(true);
  }

  @Post(':id/issue')
  @HttpCode(200)
  @RequiresAction('fenceSend:send')
  @ApiOperation({ summary: 'Put the fence on terminals (default every bound vehicle); offline vehicles get it when they connect' })
  async issue(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: IssueDto) {
    return okEnvelope(await this.bindings.issue(user, id, dto.vehicleIds));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @RequiresAction('fenceSend:send')
  @ApiOperation({ summary: 'Delete the fence from terminals (0x8601/0x8603/0x8605/0x8607)' })
  async revoke(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: IssueDto) {
    return okEnvelope(await this.bindings.revoke(user, id, dto.vehicleIds));
  }

  @Get(':id/issues')
  @RequiresAnyAction('fenceSend:search', 'fenceSend:send')
  @ApiOperation({ summary: "Each bound or issued vehicle's state: bound, issuing, issued (stale when the fence changed since), failed (7004 offline ...), deleting, deleted" })
  async issues(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.bindings.states(user, id));
  }
}
