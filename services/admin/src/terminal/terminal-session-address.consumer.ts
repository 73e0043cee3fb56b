import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type TerminalSessionEvent } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { Like, type DataSource } from 'typeorm';
import { Terminal } from './terminal.entity';

/** `host:port` (IPv6 hosts keep their colons; an IPv4-mapped one is shown as IPv4) -> parts, or null. */
export function splitRemoteAddress(remote: string | undefined): { ip: string; port: number } | null {
  if (!remote) return null;
  const colon = remote.lastIndexOf(':');
  const port = Number(remote.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  const ip = remote.slice(0, colon).replace(/^\[|\]$/g, '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return ip.length <= 45 ? { ip, port } : null;
}

/**
 * Keeps the terminal's connection as the 808 gateways report it (gateway.session.v2): the address it
 * connects from while online, kept after it goes offline with the online flag cleared. The terminal
 * screen shows this address while the terminal is online, else the stored (operator-typed) one.
 * Idempotent and order-safe: an event older than the last one applied changes nothing.
 */
@Injectable()
export class TerminalSessionAddressConsumer extends BusConsumer {
  protected override readonly subscribeAt = 'bootstrap';

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @InjectDataSource('admin') private readonly dataSource: DataSource,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.terminalSession, {
        group: 'admin-terminal-session-address',
        handle: async (messages) => {
          for (const { value } of messages) await this.apply(value);
        },
      }),
    ];
  }

  private async apply(event: TerminalSessionEvent): Promise<void> {
    const repository = this.dataSource.getRepository(Terminal);
    const phone = canonicalTerminalPhone(event.terminalPhone);
    const terminal = (await repository.find({ where: { terminalPhone: Like(`%${phone}`) } })).find((candidate) => canonicalTerminalPhone(candidate.terminalPhone) === phone);
    if (!terminal || terminal.sessionAt > event.at) return;
    const address = event.state === 'online' ? splitRemoteAddress(event.remoteAddress) : null;
    await repository.update(
      { id: terminal.id },
      {
        sessionOnline: event.state === 'online' ? 1 : 0,
        sessionAt: event.at,
        ...(address ? { sessionIp: address.ip, sessionPort: address.port } : {}),
      },
    );
  }
}
