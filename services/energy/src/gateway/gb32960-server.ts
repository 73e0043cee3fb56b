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
import { EVENT_BUS, RateLimitedLog, TcpListener } from '@openfleet/service-kit';
import type { Socket } from 'node:net';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { EnergyVehicleRegistry } from '../registry/energy-vehicle-registry';
import { ReportBatcher } from './report-batcher';

const NO_UNITS: ReadonlySet<number> = new Set();
const NO_DATA = Buffer.alloc(0);

/** Consecutive undecodable frames after which a connection is closed. */
const MAX_BAD_FRAMES = 10;

/** The answers to one frame, sent once every earlier frame's are. */
interface Slot {
  answers: Buffer[];
  /** False while a report waits for the bus. */
  ready: boolean;
}

interface Session {
  socket: Socket;
  vin?: string;
  vehicleId?: string;
  /** The bus partition of the VIN's reports. */
  partition: number;
  badFrames: number;
  /** Answers of one connection go out in the order of its frames. */
  slots: Slot[];
  flushScheduled?: boolean;
  /** Refused: the connection ends once the answers are out. */
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
    const session: Session = { socket, partition: 0, badFrames: 0, slots: [] };
    const deframer = new Gb32960Deframer();
    socket.on('close', () => {
      if (session.vin && this.byVin.get(session.vin) === session) this.byVin.delete(session.vin);
    });
    socket.on('data', (chunk: Buffer) => {
      // Frames are handled as they arrive (a report joins the bus's next batch at once); their
      // answers go out in frame order, those ready together in one write. A report costs one
      // promise (its batch's), not a chain per frame: this path runs for every report.
      for (const bytes of deframer.push(chunk)) {
        const slot: Slot = { answers: [], ready: true };
        session.slots.push(slot);
        this.receive(session, bytes, slot);
      }
      this.flush(session);
    });
  }

  private scheduleFlush(session: Session): void {
    if (session.flushScheduled) return;
    session.flushScheduled = true;
    process.nextTick(() => {
      session.flushScheduled = false;
      this.flush(session);
    });
  }

  /** Writes the answers of the frames whose turn has come, in one write. */
  private flush(session: Session): void {
    const { socket, slots } = session;
    let out: Buffer[] | undefined;
    while (slots.length && slots[0]!.ready) {
      const { answers } = slots.shift()!;
      if (answers.length) (out ??= []).push(...answers);
    }
    if (socket.destroyed) return;
    if (out) socket.write(out.length === 1 ? out[0]! : Buffer.concat(out));
    if (session.closing && !slots.length) socket.end();
  }

  /** Handles one frame, its answers into `slot` (a report's once the bus has it). */
  private receive(session: Session, bytes: Buffer, slot: Slot): void {
    let frame: Gb32960Frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      this.log.write('warn', `32960 from ${session.socket.remoteAddress ?? '?'}: ${(error as Error).message}`);
      if (++session.badFrames >= MAX_BAD_FRAMES) session.socket.destroy();
      return;
    }
    session.badFrames = 0;
    const answer = (response: number, data: Buffer = NO_DATA) => void slot.answers.push(encodeFrame({ command: frame.command, response, vin: frame.vin, encryption: Encryption.NONE, data }));
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
          return this.report(session, frame, answer, slot);
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

  private report(session: Session, frame: Gb32960Frame, answer: (response: number, data?: Buffer) => void, slot: Slot): void {
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
    slot.ready = false;
    const report = { vin: frame.vin, vehicleId: session.vehicleId, collectedAt: timeMs(frame.data), receivedAt: Date.now(), reissued: frame.command === Command.REISSUE, data: frame.data };
    this.batcher.add(session.partition, report).then(
      () => this.settle(session, slot, () => answer(Response.SUCCESS, time)),
      (error: Error) =>
        this.settle(session, slot, () => {
          this.log.write('warn', `32960 ${frame.vin}: the bus refused a report, answered error so the vehicle resends: ${error.message}`);
          answer(Response.ERROR);
        }),
    );
  }

  private settle(session: Session, slot: Slot, answer: () => void): void {
    answer();
    slot.ready = true;
    this.scheduleFlush(session);
  }
}
