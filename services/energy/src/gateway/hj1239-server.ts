import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventBus } from '@openfleet/bus';
import { Topics, VinLink, type Position } from '@openfleet/contracts';
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
  type Hj1239Realtime,
} from '@openfleet/gb32960';
import { EVENT_BUS, LinkPort, LinkServer, PLATFORM_CONFIG, RateLimitedLog, type Link, type LinkAnswer, type LinkProtocol, type PlatformConfig, type RawFrameCapture } from '@openfleet/service-kit';
import { captureAnswer, energyRawCapture, errorCodeOf, vinOfBytes } from './energy-raw-capture';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { VehicleRegistry } from '@openfleet/auth';
import { energyLinkLimits } from './energy-link-limits';
import { positionOfHj1239 } from '../tracking/vin-link-positions';
import { VinLinkTracking } from '../tracking/vin-link-tracking';

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
  /** Every frame in and out, for the frame archive. */
  readonly raw: RawFrameCapture;

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly tracking: VinLinkTracking,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    super();
    this.raw = energyRawCapture(bus, config, platform.INSTANCE_ID, 'hj1239', this.logger);
    this.linkServer = new LinkServer(this, { tcp: { port: config.ENERGY_HJ1239_PORT, host: config.ENERGY_32960_HOST }, limits: energyLinkLimits(config), logger: this.logger });
  }

  deframer(): Gb32960Deframer {
    return new Gb32960Deframer();
  }

  decode(bytes: Buffer): Hj1239Frame {
    const frame = decodeHj1239Frame(bytes);
    this.raw.record(frame.vin, 'up', bytes);
    return frame;
  }

  /** A frame that did not decode, kept with why for the original-message query. */
  capture(_session: Session, bytes: Buffer, error: unknown): void {
    this.raw.record(vinOfBytes('hj1239', bytes), 'up', bytes, errorCodeOf(error));
  }

  open(link: Link): Session {
    return { link };
  }

  closed(session: Session, reason: string): void {
    if (session.vin && session.vehicleId) this.tracking.session(VinLink.HJ1239, session.vin, session.vehicleId, 'offline', session.link.remoteAddress, reason);
  }

  handle(session: Session, frame: Hj1239Frame): LinkAnswer {
    return captureAnswer(this.raw, frame.vin, this.respond(session, frame));
  }

  private respond(session: Session, frame: Hj1239Frame): LinkAnswer {
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
        if (session.vin === frame.vin) {
          if (session.vehicleId) this.tracking.session(VinLink.HJ1239, frame.vin, session.vehicleId, 'offline', session.link.remoteAddress, 'logout');
          session.vin = undefined;
        }
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
    // On the map from now on, like an 808 terminal that authenticated (tracking's online spell).
    if (session.vehicleId) this.tracking.session(VinLink.HJ1239, frame.vin, session.vehicleId, 'online', session.link.remoteAddress);
  }

  private report(session: Session, frame: Hj1239Frame): Promise<void> | undefined {
    if (session.vin !== frame.vin) {
      this.log.write('warn', `HJ 1239 ${frame.vin}: data before login dropped`);
      return;
    }
    let sentAt: number;
    let realtime: Hj1239Realtime;
    try {
      // The whole unit is decoded so a malformed report is logged here, not parked downstream.
      realtime = decodeHj1239Realtime(frame.data);
      sentAt = timeMs(frame.data);
    } catch (error) {
      this.log.write('warn', `HJ 1239 ${frame.vin}: report dropped: ${(error as Error).message}`);
      return;
    }
    // Under `open` a VIN outside the registry is read but not kept: no vehicle would ever show it.
    if (!session.vehicleId) return;
    const receivedAt = Date.now();
    const reissued = frame.command === Hj1239Command.REISSUE;
    const emission = this.bus.publish(Topics.emissionReport, { key: frame.vin, value: { vin: frame.vin, vehicleId: session.vehicleId, collectedAt: sentAt, receivedAt, reissued, data: frame.data } });
    const positions = this.tracking.feedsPositions(session.vehicleId) ? positionsOf({ vin: frame.vin, vehicleId: session.vehicleId, receivedAtMs: receivedAt, reissued }, realtime) : [];
    // A rejection closes the link (publish-failed): the terminal logs in again and reissues.
    return positions.length ? Promise.all([emission, this.tracking.positions(positions)]).then(() => undefined) : emission;
  }
}

/** A position per diesel data stream of the report, each at its collection time. */
function positionsOf(report: { vin: string; vehicleId: string; receivedAtMs: number; reissued: boolean }, realtime: Hj1239Realtime): Position[] {
  const positions: Position[] = [];
  for (const info of realtime.infos) {
    if (info.type !== 0x02 || !('stream' in info)) continue;
    const position = positionOfHj1239(report, info.collectedAt, info.stream);
    if (position) positions.push(position);
  }
  return positions;
}
