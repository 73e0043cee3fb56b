import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresAnyAction } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { LinkManager } from './link-manager.service';

/**
 * Our slave-link listener as the platform form needs it: the port a superior platform connects back
 * to (0x1001 downLinkPort). The form pre-fills it instead of guessing 7809. The same for every company.
 */
@ApiTags('forwarder-809')
@ApiBearerAuth()
@Controller('platform809/slave-link')
export class SlaveLinkController {
  constructor(
    private readonly links: LinkManager,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
  ) {}

  @Get()
  @RequiresAnyAction('superiorPlatformM', 'superiorPlatformM:search', 'superiorPlatformM:add', 'superiorPlatformM:modify')
  @ApiOperation({ summary: 'The port our slave-link server listens on (FORWARDER_809_SLAVE_PORT, or the one picked when that is 0), and whether it listens' })
  listener() {
    const listening = this.links.slavePort > 0;
    return okEnvelope({ port: listening ? this.links.slavePort : this.config.FORWARDER_809_SLAVE_PORT, listening });
  }
}
