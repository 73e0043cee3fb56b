import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt } from 'class-validator';
import { ForwardingService } from '../forwarding/forwarding.service';
import { LinkManager } from '../link/link-manager.service';
import { ForwardTargetsPipe } from './forward-targets.pipe';
import { ForwardTargetsDto, MAX_FORWARD_TARGETS, UpperPlatformDto } from './upper-platform.dto';
import { UpperPlatformService } from './upper-platform.service';

export class IdsDto {
  @ApiProperty({ type: [Number] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @IsInt({ each: true }) ids!: number[];
}

/** superiorPlatformM (settings) and platform (live link status). */
@ApiTags('forwarder-809')
@ApiBearerAuth()
@Controller('platform809/platforms')
export class UpperPlatformController {
  constructor(
    private readonly platforms: UpperPlatformService,
    private readonly links: LinkManager,
    private readonly forwarding: ForwardingService,
  ) {}

  @Get()
  @RequiresAnyAction('superiorPlatformM', 'superiorPlatformM:search', 'platform')
  @ApiOperation({ summary: "The caller's superior platforms (passwords never returned)" })
  async list(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.platforms.list(user));
  }

  @Get('status')
  @RequiresAnyAction('superiorPlatformM', 'platform')
  @ApiOperation({ summary: 'Live state of each platform’s main and slave links, the last error and the backlog depth' })
  async status(@CurrentUser() user: AuthUser) {
    const platforms = await this.platforms.list(user);
    return okEnvelope(
      await Promise.all(
        platforms.map(async (platform) => ({
          ...(this.links.status(platform.id) ?? { main: 'stopped', slave: 'offline', lastError: platform.enabled ? '' : 'disabled', loginResult: -1, errorCode: 0, onlineSince: 0, reconnects: 0, sent: 0, badFrames: 0 }),
          platformId: platform.id,
          name: platform.name,
          backlog: await this.forwarding.backlogDepth(platform.id),
        })),
      ),
    );
  }

  @Get(':id')
  @RequiresAnyAction('superiorPlatformM', 'superiorPlatformM:search')
  async get(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.platforms.view(user, id));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction('superiorPlatformM:add')
  @ApiOperation({ summary: 'Adds a platform; its links start at once when enabled' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: UpperPlatformDto) {
    return okEnvelope(await this.platforms.create(user, dto));
  }

  @Put(':id')
  @RequiresAction('superiorPlatformM:modify')
  @ApiOperation({ summary: 'Changes a platform (password kept when omitted); its links restart with the new settings' })
  async update(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body() dto: UpperPlatformDto) {
    return okEnvelope(await this.platforms.update(user, id, dto));
  }

  @Post('delete')
  @HttpCode(200)
  @RequiresAction('superiorPlatformM:delete')
  async remove(@CurrentUser() user: AuthUser, @Body() dto: IdsDto) {
    await this.platforms.remove(user, dto.ids);
    return okEnvelope(true);
  }

  @Delete(':id')
  @RequiresAction('superiorPlatformM:delete')
  @ApiOperation({ summary: 'Deletes one platform (its links log out first)' })
  async removeOne(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.platforms.remove(user, [id]);
    return okEnvelope(true);
  }

  @Get(':id/targets')
  @RequiresAnyAction('superiorPlatformM', 'superiorPlatformM:search')
  @ApiOperation({ summary: 'The forwarding group: companies (with their sub-companies) and vehicles sent to this platform' })
  async targets(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return okEnvelope(await this.platforms.targetsOf(user, id));
  }

  @Put(':id/targets')
  @RequiresAction('superiorPlatformM:modify')
  @ApiBody({ type: ForwardTargetsDto })
  @ApiOperation({ summary: `Replaces the forwarding group: at most ${MAX_FORWARD_TARGETS} companies and vehicles (400 beyond, before any item is looked at)` })
  async setTargets(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @Body(ForwardTargetsPipe) dto: Pick<ForwardTargetsDto, 'targets'>) {
    // Not typed by the class itself: the global ValidationPipe passes the body through untouched, ForwardTargetsPipe checks it.
    await this.platforms.setTargets(user, id, dto.targets);
    return okEnvelope(true);
  }
}

