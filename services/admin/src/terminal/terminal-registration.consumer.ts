import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, TerminalRegistrationState, Topics, type TerminalRegistrationEvent } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { Like, type DataSource } from 'typeorm';
import { RegistryPublisher } from '../registry/registry.publisher';
import { Terminal } from './terminal.entity';

/**
 * Stores what the 808 gateways report of provisioned terminals: the device id and auth code issued
 * at registration, and log-offs (0x0003). The terminal's registry entry is then republished, so
 * every gateway instance, also after a restart, knows the registered device and its code.
 * Idempotent: a redelivered event writes the same values again.
 */
@Injectable()
export class TerminalRegistrationConsumer extends BusConsumer {
  private readonly logger = new Logger(TerminalRegistrationConsumer.name);
  protected override readonly subscribeAt = 'bootstrap';

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
    private readonly registry: RegistryPublisher,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.terminalRegistration, {
        group: 'admin-terminal-registration',
        fromBeginning: true,
        handle: async (messages) => {
          const changed: Terminal[] = [];
          for (const { value } of messages) {
            const terminal = await this.apply(value);
            if (terminal) changed.push(terminal);
          }
          await this.registry.publishTerminals(changed);
        },
      }),
    ];
  }

  private async apply(event: TerminalRegistrationEvent): Promise<Terminal | undefined> {
    const repository = this.dataSource.getRepository(Terminal);
    const phone = canonicalTerminalPhone(event.terminalPhone);
    // Stored as entered (11 digits); a leading zero typed by the operator still matches.
    const terminal = (await repository.find({ where: { terminalPhone: Like(`%${phone}`) } })).find((candidate) => canonicalTerminalPhone(candidate.terminalPhone) === phone);
    if (!terminal) {
      this.logger.warn(`registration of ${phone} from gateway ${event.gatewayId}: no such terminal (deleted since?)`);
      return undefined;
    }
    // An operator's later log-off (unbind) wins over a registration event delivered late or again.
    if (terminal.registrationState === TerminalRegistrationState.LOGGED_OFF && terminal.updatedAt > event.at) return undefined;
    const registered = event.change === 'registered';
    Object.assign(terminal, {
      registrationState: registered ? TerminalRegistrationState.REGISTERED : TerminalRegistrationState.LOGGED_OFF,
      authCode: registered ? event.authCode : '',
      deviceId: registered ? event.deviceId.slice(0, 32) : terminal.deviceId,
      protocolVersion: event.protocolVersion || terminal.protocolVersion,
      updatedAt: Math.max(terminal.updatedAt, event.at),
    });
    await repository.update({ id: terminal.id }, {
      registrationState: terminal.registrationState,
      authCode: terminal.authCode,
      deviceId: terminal.deviceId,
      protocolVersion: terminal.protocolVersion,
      updatedAt: terminal.updatedAt,
    });
    return terminal;
  }
}
