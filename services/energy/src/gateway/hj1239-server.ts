import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics } from '@openfleet/contracts';
import {
  chinaTime,
  decodeHj1239Frame,
  decodeHj1239Login,
  decodeHj1239Logout,
  decodeHj1239Realtime,
  encodeHj1239Frame,
  encodeTime,
  Gb32960Deframer,
  Hj1239Command,
  Hj1239Encryption,
  timeMs,
  type Hj1239Frame,
} from '@openfleet/gb32960';
import { EVENT_BUS, LinkPort, LinkServer, RateLimitedLog, type Link, type LinkAnswer, type LinkProtocol } from '@openfleet/service-kit';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { VehicleRegistry } from '@openfleet/auth';
import { energyLinkLimits } from './energy-link-limits';

interface Session {
  link: Link;
  vin?: string;
  vehicleId?: string;
}

/**
 * The HJ 1239 emission gateway on the link server: heavy-duty diesel vehicles log in with their VIN
 * (strict: the VIN must be in the admin registry; a login is the link's identification) and send
 * OBD, data-stream and urea reports (real-time and reissued) and time-sync requests. HJ 1239 has no
 * answer to a report, so nothing tells the terminal a report was refused: a report whose bus
 * publish fails, or a login that is refused, closes the link, which makes the terminal log in again
 * and reissue from its blind-area store. A time sync is answered with the platform's time (after
 * the reports before it are published). Encrypted payloads (no SM2/SM4 keys are configured) and
 * data before login are logged and dropped; bad BCC or length are bad frames.
 */
@Injectable()
export class Hj1239Server extends LinkPort<Buffer, Hj1239Frame, Session> implements LinkProtocol<Buffer, Hj1239Frame, Session> {
  readonly name = 'hj1239';
  private readonly logger = new Logger('Hj1239');
  private readonly log = new RateLimitedLog(this.logger);
  readonly linkServer: LinkServer<Buffer, Hj1239Frame, Session>;

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
    this.linkServer = new LinkServer(this, { tcp: { port: config.ENERGY_HJ1239_PORT, host: config.ENERGY_32960_HOST }, limits: energyLinkLimits(config), logger: this.logger });
  }

  deframer(): Gb32960Deframer {
    return new Gb32960Deframer();
  }

  decode(bytes: Buffer): Hj1239Frame {
    return decodeHj1239Frame(bytes);
  }

  open(link: Link): Session {
    return { link };
  }

  handle(session: Session, frame: Hj1239Frame): LinkAnswer {
    if (frame.encryption !== Hj1239Encryption.NONE) {
      this.log.write('warn', `HJ 1239 ${frame.vin}: encrypted data (${frame.encryption}) and no keys configured`);
      return;
    }
    switch (frame.command) {
      case Hj1239Command.LOGIN:
        return this.login(session, frame);
      case Hj1239Command.REALTIME:
      case Hj1239Command.REISSUE:
        return this.report(session, frame);
      case Hj1239Command.LOGOUT:
        decodeHj1239Logout(frame.data);
        if (session.vin === frame.vin) session.vin = undefined;
        return;
      case Hj1239Command.TIME_SYNC:
        return encodeHj1239Frame({ command: Hj1239Command.TIME_SYNC, vin: frame.vin, softwareVersion: frame.softwareVersion, encryption: Hj1239Encryption.NONE, data: encodeTime(chinaTime()) });
      default:
        this.log.write('warn', `HJ 1239 ${frame.vin}: command 0x${frame.command.toString(16)} not handled`);
    }
  }

  private login(session: Session, frame: Hj1239Frame): void {
    try {
      decodeHj1239Login(frame.data);
    } catch (error) {
      this.log.write('warn', `HJ 1239 login of ${frame.vin}: ${(error as Error).message}`);
      return;
    }
    const vehicle = this.registry.byVin(frame.vin);
    if (!vehicle && this.config.ENERGY_REGISTRATION === 'strict') {
      this.log.write('warn', `HJ 1239 login of unknown VIN ${frame.vin} refused`);
      session.link.close('refused-vin');
      return;
    }
    if (!session.link.identify()) return;
    session.vin = frame.vin;
    session.vehicleId = vehicle?.vehicleId ?? '';
  }

  private report(session: Session, frame: Hj1239Frame): Promise<void> | undefined {
    if (session.vin !== frame.vin) {
      this.log.write('warn', `HJ 1239 ${frame.vin}: data before login dropped`);
      return;
    }
    let sentAt: number;
    try {
      // The whole unit is decoded so a malformed report is logged here, not parked downstream.
      decodeHj1239Realtime(frame.data);
      sentAt = timeMs(frame.data);
    } catch (error) {
      this.log.write('warn', `HJ 1239 ${frame.vin}: report dropped: ${(error as Error).message}`);
      return;
    }
    // Under `open` a VIN outside the registry is read but not kept: no vehicle would ever show it.
    if (!session.vehicleId) return;
    // A rejection closes the link (publish-failed): the terminal logs in again and reissues.
    return this.bus.publish(Topics.emissionReport, { key: frame.vin, value: { vin: frame.vin, vehicleId: session.vehicleId, collectedAt: sentAt, receivedAt: Date.now(), reissued: frame.command === Hj1239Command.REISSUE, data: frame.data } });
  }
}
