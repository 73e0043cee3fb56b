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
import { EVENT_BUS, LinkPort, LinkServer, RateLimitedLog, type Link, type LinkAnswer, type LinkProtocol } from '@openfleet/service-kit';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { VehicleRegistry } from '@openfleet/auth';
import { energyLinkLimits } from './energy-link-limits';
import { ReportBatcher } from './report-batcher';

const NO_UNITS: ReadonlySet<number> = new Set();
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
  private readonly byVin = new Map<string, Session>();
  private readonly batcher: ReportBatcher;

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
    this.batcher = new ReportBatcher(bus);
    this.linkServer = new LinkServer(this, { tcp: { port: config.ENERGY_32960_PORT, host: config.ENERGY_32960_HOST }, limits: energyLinkLimits(config), logger: this.logger });
  }

  deframer(): Gb32960Deframer {
    return new Gb32960Deframer();
  }

  decode(bytes: Buffer): Gb32960Frame {
    return decodeFrame(bytes);
  }

  open(link: Link): Session {
    return { link, partition: 0 };
  }

  closed(session: Session): void {
    if (session.vin && this.byVin.get(session.vin) === session) this.byVin.delete(session.vin);
  }

  handle(session: Session, frame: Gb32960Frame): LinkAnswer {
    const answer = (response: number, data: Buffer = NO_DATA) => encodeFrame({ command: frame.command, response, vin: frame.vin, encryption: Encryption.NONE, data });
    if (frame.response !== Response.COMMAND) return;
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

  private login(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => Buffer): LinkAnswer {
    const login = decodeVehicleLogin(frame.data);
    const vehicle = this.registry.byVin(frame.vin);
    if (!vehicle && this.config.ENERGY_REGISTRATION === 'strict') {
      this.log.write('warn', `32960 login of unknown VIN ${frame.vin} refused`);
      // The refusal goes out before the link ends.
      session.link.send(answer(Response.ERROR, encodeTime(login.time)));
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
    return answer(Response.SUCCESS, encodeTime(login.time));
  }

  private report(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => Buffer): LinkAnswer {
    if (session.vin !== frame.vin) {
      this.log.write('warn', `32960 ${frame.vin}: data before login`);
      return answer(Response.ERROR);
    }
    // Every unit's layout is checked (not built) so a malformed report is answered "error" here, not parked downstream.
    decodeRealtime(frame.data, NO_UNITS);
    // The answer carries the report's own time: its first six bytes.
    const time = frame.data.subarray(0, 6);
    // Under `open` a VIN outside the registry is answered but not kept: no vehicle would ever show it.
    if (!session.vehicleId) return answer(Response.SUCCESS, time);
    const report = { vin: frame.vin, vehicleId: session.vehicleId, collectedAt: timeMs(frame.data), receivedAt: Date.now(), reissued: frame.command === Command.REISSUE, data: frame.data };
    // One promise per report (its batch's .then): the link server writes the answer once it settles.
    return this.batcher.add(session.partition, report).then(
      () => answer(Response.SUCCESS, time),
      (error: Error) => {
        this.log.write('warn', `32960 ${frame.vin}: the bus refused a report, answered error so the vehicle resends: ${error.message}`);
        return answer(Response.ERROR);
      },
    );
  }
}
