import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  chinaTime,
  Command,
  decodeFrame,
  decodeLogout,
  decodeRealtime,
  decodeVehicleLogin,
  encodeFrame,
  encodeTime,
  Encryption,
  Gb32960Deframer,
  Response,
  timeMs,
  type Gb32960Frame,
} from '@openfleet/gb32960';
import type { EventBus } from '@openfleet/bus';
import { EVENT_BUS, LinkPort, LinkServer, PLATFORM_CONFIG, RateLimitedLog, type Link, type LinkAnswer, type LinkProtocol, type PlatformConfig, type RawFrameCapture } from '@openfleet/service-kit';
import { captureAnswer, energyRawCapture, errorCodeOf, vinOfBytes } from './energy-raw-capture';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { VehicleRegistry } from '@openfleet/auth';
import { VinLink } from '@openfleet/contracts';
import { energyLinkLimits } from './energy-link-limits';
import { ReportBatcher } from './report-batcher';
import { positionOf32960 } from '../tracking/vin-link-positions';
import { VinLinkTracking } from '../tracking/vin-link-tracking';
import { VehicleCommandError, VehicleCommands } from '../vehicle-params/vehicle-commands';

const NO_UNITS: ReadonlySet<number> = new Set();
/** The units a position is read from: whole vehicle (speed, odometer, started) and position. */
const POSITION_UNITS: ReadonlySet<number> = new Set([0x01, 0x05]);
const NO_DATA = Buffer.alloc(0);

interface Session {
  link: Link;
  vin?: string;
  vehicleId?: string;
  /** The bus partition of the VIN's reports. */
  partition: number;
}

/**
 * The GB/T 32960 gateway on the link server: vehicles log in with their VIN (strict: the VIN must
 * be in the admin registry; a login is the link's identification), send real-time and reissued
 * data, heartbeats and logouts. A report is answered with success only once the bus has accepted
 * it (energy.report.v2, reports arriving together in one record per partition; stored by
 * EnergyIngestService; a resent one is stored once); when the bus refuses it, the answer is
 * "error" and the vehicle resends. Answers go out in frame order. Encrypted payloads (no keys are
 * configured) and data before login are answered "error"; bad BCC or length are bad frames.
 */
@Injectable()
export class Gb32960Server extends LinkPort<Buffer, Gb32960Frame, Session> implements LinkProtocol<Buffer, Gb32960Frame, Session> {
  readonly name = 'gb32960';
  private readonly logger = new Logger('Gb32960');
  private readonly log = new RateLimitedLog(this.logger);
  readonly linkServer: LinkServer<Buffer, Gb32960Frame, Session>;
  /** Every frame in and out, for the frame archive. */
  readonly raw: RawFrameCapture;
  private readonly byVin = new Map<string, Session>();
  private readonly batcher: ReportBatcher;
  /** Platform commands 0x80-0x82 waiting for the vehicle's answer. */
  private readonly commands = new VehicleCommands();

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) bus: EventBus,
    private readonly registry: VehicleRegistry,
    private readonly tracking: VinLinkTracking,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    super();
    this.raw = energyRawCapture(bus, config, platform.INSTANCE_ID, 'gb32960', this.logger);
    this.batcher = new ReportBatcher(bus);
    this.linkServer = new LinkServer(this, { tcp: { port: config.ENERGY_32960_PORT, host: config.ENERGY_32960_HOST }, limits: energyLinkLimits(config), logger: this.logger });
  }

  deframer(): Gb32960Deframer {
    return new Gb32960Deframer();
  }

  decode(bytes: Buffer): Gb32960Frame {
    const frame = decodeFrame(bytes);
    this.raw.record(frame.vin, 'up', bytes);
    return frame;
  }

  /** A frame that did not decode, kept with why for the original-message query. */
  capture(_session: Session, bytes: Buffer, error: unknown): void {
    this.raw.record(vinOfBytes('gb32960', bytes), 'up', bytes, errorCodeOf(error));
  }

  open(link: Link): Session {
    return { link, partition: 0 };
  }

  closed(session: Session, reason: string): void {
    if (session.vin && this.byVin.get(session.vin) === session) {
      this.byVin.delete(session.vin);
      this.commands.closed(session.vin);
    }
    if (session.vin && session.vehicleId) this.tracking.session(VinLink.GB32960, session.vin, session.vehicleId, 'offline', session.link.remoteAddress, reason);
  }

  handle(session: Session, frame: Gb32960Frame): LinkAnswer {
    return captureAnswer(this.raw, frame.vin, this.respond(session, frame));
  }

  private respond(session: Session, frame: Gb32960Frame): LinkAnswer {
    const answer = (response: number, data: Buffer = NO_DATA) => encodeFrame({ command: frame.command, response, vin: frame.vin, encryption: Encryption.NONE, data });
    // An answer to a platform command (0x80-0x82), from the vehicle that holds this link.
    if (frame.response !== Response.COMMAND) {
      if (session.vin === frame.vin) this.commands.answered(frame);
      return;
    }
    if (frame.encryption !== Encryption.NONE) {
      this.log.write('warn', `32960 ${frame.vin}: encrypted data (${frame.encryption}) and no keys configured`);
      return answer(Response.ERROR);
    }
    try {
      switch (frame.command) {
        case Command.VEHICLE_LOGIN:
          return this.login(session, frame, answer);
        case Command.REALTIME:
        case Command.REISSUE:
          return this.report(session, frame, answer);
        case Command.VEHICLE_LOGOUT:
          decodeLogout(frame.data);
          if (session.vin === frame.vin) {
            this.byVin.delete(frame.vin);
            if (session.vehicleId) this.tracking.session(VinLink.GB32960, frame.vin, session.vehicleId, 'offline', session.link.remoteAddress, 'logout');
            session.vin = undefined;
          }
          return answer(Response.SUCCESS, encodeTime(chinaTime()));
        case Command.HEARTBEAT:
          return answer(Response.SUCCESS);
        case Command.TIME_SYNC:
          return answer(Response.SUCCESS, encodeTime(chinaTime()));
        default:
          this.log.write('warn', `32960 ${frame.vin}: command 0x${frame.command.toString(16)} not handled`);
          return answer(Response.ERROR);
      }
    } catch (error) {
      this.log.write('warn', `32960 ${frame.vin}: command 0x${frame.command.toString(16)}: ${(error as Error).message}`);
      return answer(Response.ERROR);
    }
  }

  /** True while this instance holds a logged-in link of the VIN (platform commands go out here). */
  holds(vin: string): boolean {
    const session = this.byVin.get(vin);
    return !!session && !session.link.closed;
  }

  /**
   * Sends a platform command (0x80 query, 0x81 set, 0x82 control) to a logged-in VIN and settles
   * with its answer frame; VehicleCommandError 'offline' when this instance holds no link for it,
   * 'busy' while the same command waits for an answer, 'timeout', 'closed'. `written` is called
   * once the frame has gone to the link (not for 'offline' or 'busy': nothing was sent).
   */
  command(vin: string, command: number, data: Buffer, timeoutMs: number, written?: () => void): Promise<Gb32960Frame> {
    const session = this.byVin.get(vin);
    if (!session || session.link.closed) return Promise.reject(new VehicleCommandError('offline', `${vin} has no link here`));
    if (this.commands.waiting(vin, command)) return Promise.reject(VehicleCommands.busy(vin, command));
    const answer = this.commands.expect(vin, command, timeoutMs);
    const bytes = encodeFrame({ command, response: Response.COMMAND, vin, encryption: Encryption.NONE, data });
    this.raw.record(vin, 'down', bytes);
    session.link.send(bytes);
    written?.();
    return answer;
  }

  private login(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => Buffer): LinkAnswer {
    const login = decodeVehicleLogin(frame.data);
    const vehicle = this.registry.byVin(frame.vin);
    if (!vehicle && this.config.ENERGY_REGISTRATION === 'strict') {
      this.log.write('warn', `32960 login of unknown VIN ${frame.vin} refused`);
      // The refusal goes out before the link ends.
      const refusal = answer(Response.ERROR, encodeTime(login.time));
      this.raw.record(frame.vin, 'down', refusal);
      session.link.send(refusal);
      session.link.close('refused-vin');
      return;
    }
    const holder = this.byVin.get(frame.vin);
    if (holder && holder !== session && !holder.link.closed) return answer(Response.VIN_REPEATED, encodeTime(login.time));
    if (!session.link.identify()) return;
    session.vin = frame.vin;
    session.vehicleId = vehicle?.vehicleId ?? '';
    session.partition = this.batcher.partitionOf(frame.vin);
    this.byVin.set(frame.vin, session);
    // On the map from now on, like an 808 terminal that authenticated (tracking's online spell).
    if (session.vehicleId) this.tracking.session(VinLink.GB32960, frame.vin, session.vehicleId, 'online', session.link.remoteAddress);
    return answer(Response.SUCCESS, encodeTime(login.time));
  }

  private report(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => Buffer): LinkAnswer {
    if (session.vin !== frame.vin) {
      this.log.write('warn', `32960 ${frame.vin}: data before login`);
      return answer(Response.ERROR);
    }
    // Under `open` a VIN outside the registry is answered but not kept: no vehicle would ever show it.
    const vehicleId = session.vehicleId;
    const feeds = !!vehicleId && this.tracking.feedsPositions(vehicleId);
    // Every unit's layout is checked (not built) so a malformed report is answered "error" here, not
    // parked downstream; the whole-vehicle and position units are built when tracking gets the fix.
    const { units } = decodeRealtime(frame.data, feeds ? POSITION_UNITS : NO_UNITS);
    // The answer carries the report's own time: its first six bytes.
    const time = frame.data.subarray(0, 6);
    if (!vehicleId) return answer(Response.SUCCESS, time);
    const report = { vin: frame.vin, vehicleId, collectedAt: timeMs(frame.data), receivedAt: Date.now(), reissued: frame.command === Command.REISSUE, data: frame.data };
    const position = feeds ? positionOf32960({ vin: frame.vin, vehicleId, collectedAtMs: report.collectedAt, receivedAtMs: report.receivedAt, reissued: report.reissued }, units) : undefined;
    const published = position ? Promise.all([this.batcher.add(session.partition, report), this.tracking.positions([position])]) : this.batcher.add(session.partition, report);
    // One promise per report (its batch's .then): the link server writes the answer once it settles,
    // so "success" means both the report and its position are on the bus.
    return published.then(
      () => answer(Response.SUCCESS, time),
      (error: Error) => {
        this.log.write('warn', `32960 ${frame.vin}: the bus refused a report, answered error so the vehicle resends: ${error.message}`);
        return answer(Response.ERROR);
      },
    );
  }
}
