import { Controller, Get, Inject } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { okEnvelope, type ApiEnvelope } from '@openfleet/contracts';
import { Public } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { EVENT_BUS, PLATFORM_CONFIG, type PlatformConfig } from '@openfleet/service-kit';

export interface SystemInfo {
  name: string;
  version: string;
  bus: EventBus['kind'];
  database: string;
  instance: string;
  startedAt: string;
}

const startedAt = new Date().toISOString();
// Read once: the version shown to operators and used by the console's version check.
const { version } = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { version: string };

/** What this platform instance is running: version, bus and database kinds (no secrets). */
@ApiTags('system')
@Public() // start-up probes and the console's version check read it without a token
@Controller('system')
export class SystemInfoController {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  @Get('info')
  @ApiOkResponse({ description: 'Envelope with name, version, bus, database, instance, startedAt' })
  info(): ApiEnvelope<SystemInfo> {
    return okEnvelope({
      name: 'openfleet',
      version,
      bus: this.bus.kind,
      database: this.config.DB_ENGINE,
      instance: this.config.INSTANCE_ID,
      startedAt,
    });
  }
}
