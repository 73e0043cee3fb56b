import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
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
import { EVENT_BUS, RateLimitedLog } from '@openfleet/service-kit';
import type { Socket } from 'node:net';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { EnergyVehicleRegistry } from '../registry/energy-vehicle-registry';
import { ReportBatcher } from './report-batcher';
import { TcpListener } from './tcp-listener';

const NO_UNITS: ReadonlySet<number> = new Set();

/** Consecutive undecodable frames after which a connection is closed. */
const MAX_BAD_FRAMES = 10;

interface Session {
  socket: Socket;
  vin?: string;
  vehicleId?: string;
  /** The bus partition of the VIN's reports. */
  partition: number;
  badFrames: number;
  /** Answers of one connection go out in the order of its frames. */
  queue: Promise<void>;
  corked?: boolean;
  /** Refused: the connection ends once the answer is out. */
  closing?: boolean;
}

/**
 * The GB/T 32960 gateway: vehicles log in with their VIN (strict: the VIN must be in the admin
 * registry), send real-time and reissued data, heartbeats and logouts. A report is answered with
 * success only once the bus has accepted it (energy.report.v2, reports arriving together in one record per partition; stored by EnergyIngestService; a
 * resent one is stored once); when the bus refuses it, the answer is "error" and the vehicle resends. Bad BCC or length, encrypted
 * payloads (no keys are configured) and data before login are answered "error" and logged.
 */
@Injectable()
export class Gb32960Server implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Gb32960');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly listener = new TcpListener((socket) => this.accept(socket));
  private readonly byVin = new Map<string, Session>();
  private readonly batcher: ReportBatcher;

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) bus: EventBus,
    private readonly registry: EnergyVehicleRegistry,
  ) {
    this.batcher = new ReportBatcher(bus);
  }

  port(): number {
    return this.listener.port();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.listen(this.config.ENERGY_32960_PORT, this.config.ENERGY_32960_HOST, this.config.ENERGY_IDLE_S * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.close();
  }

  private accept(socket: Socket): void {
    const session: Session = { socket, partition: 0, badFrames: 0, queue: Promise.resolve() };
    const deframer = new Gb32960Deframer();
    socket.on('close', () => {
      if (session.vin && this.byVin.get(session.vin) === session) this.byVin.delete(session.vin);
    });
    socket.on('data', (chunk: Buffer) => {
      // Frames are handled as they arrive (a report's publish joins the bus's batch at once); their
      // answers go out in frame order, those ready together in one write.
      for (const bytes of deframer.push(chunk)) {
        const answers = this.receive(session, bytes).catch((error: Error) => {
          this.log.write('warn', `32960 ${session.vin ?? '?'}: ${error.message}`);
          return [];
        });
        session.queue = session.queue.then(async () => this.write(session, await answers));
      }
    });
  }

  private write(session: Session, answers: Buffer[]): void {
    const { socket } = session;
    if (socket.destroyed || !answers.length) return;
    if (!session.corked) {
      session.corked = true;
      socket.cork();
      process.nextTick(() => {
        session.corked = false;
        socket.uncork();
        if (session.closing) socket.end();
      });
    }
    for (const answer of answers) socket.write(answer);
  }

  /** Handles one frame; resolves with the answers to send (once a report is on the bus). */
  private async receive(session: Session, bytes: Buffer): Promise<Buffer[]> {
    const out: Buffer[] = [];
    let frame: Gb32960Frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      this.log.write('warn', `32960 from ${session.socket.remoteAddress ?? '?'}: ${(error as Error).message}`);
      if (++session.badFrames >= MAX_BAD_FRAMES) session.socket.destroy();
      return out;
    }
    session.badFrames = 0;
    const answer = (response: number, data: Buffer = Buffer.alloc(0)) => void out.push(encodeFrame({ command: frame.command, response, vin: frame.vin, encryption: Encryption.NONE, data }));
    await this.dispatch(session, frame, answer);
    return out;
  }

  private async dispatch(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => void): Promise<void> {
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
          return await this.report(session, frame, answer);
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

  private login(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => void): void {
    const login = decodeVehicleLogin(frame.data);
    const vehicle = this.registry.byVin(frame.vin);
    if (!vehicle && this.config.ENERGY_REGISTRATION === 'strict') {
      this.log.write('warn', `32960 login of unknown VIN ${frame.vin} refused`);
      answer(Response.ERROR, encodeTime(login.time));
      session.closing = true;
      return;
    }
    const holder = this.byVin.get(frame.vin);
    if (holder && holder !== session && !holder.socket.destroyed) {
      answer(Response.VIN_REPEATED, encodeTime(login.time));
      return;
    }
    session.vin = frame.vin;
    session.vehicleId = vehicle?.vehicleId ?? '';
    session.partition = this.batcher.partitionOf(frame.vin);
    this.byVin.set(frame.vin, session);
    answer(Response.SUCCESS, encodeTime(login.time));
  }

  private async report(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => void): Promise<void> {
    if (session.vin !== frame.vin) {
      this.log.write('warn', `32960 ${frame.vin}: data before login`);
      return answer(Response.ERROR);
    }
    // Every unit's layout is checked (not built) so a malformed report is answered "error" here, not parked downstream.
    decodeRealtime(frame.data, NO_UNITS);
    const collectedAt = timeMs(frame.data);
    // Under `open` a VIN outside the registry is answered but not kept: no vehicle would ever show it.
    if (session.vehicleId) {
      await this.batcher.add(session.partition, { vin: frame.vin, vehicleId: session.vehicleId, collectedAt, receivedAt: Date.now(), reissued: frame.command === Command.REISSUE, data: frame.data });
    }
    // The answer carries the report's own time: its first six bytes.
    answer(Response.SUCCESS, frame.data.subarray(0, 6));
  }
}
