import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
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
import { EVENT_BUS, RateLimitedLog, TcpListener } from '@openfleet/service-kit';
import type { Socket } from 'node:net';
import { ENERGY_CONFIG, EnergyConfig } from '../energy-config';
import { EnergyVehicleRegistry } from '../registry/energy-vehicle-registry';

/** Consecutive undecodable frames after which a connection is closed. */
const MAX_BAD_FRAMES = 10;

interface Session {
  socket: Socket;
  vin?: string;
  vehicleId?: string;
  badFrames: number;
  /** Frames of one connection are handled in order. */
  queue: Promise<void>;
}

/**
 * The HJ 1239 emission gateway: heavy-duty diesel vehicles log in with their VIN (strict: the VIN
 * must be in the admin registry) and send OBD, data-stream and urea reports (real-time and reissued)
 * and time-sync requests. HJ 1239 has no answer to a report, so nothing tells the terminal a report
 * was refused: a frame whose bus publish fails, or a login that is refused, closes the connection,
 * which makes the terminal log in again and reissue from its blind-area store. A time sync is
 * answered with the platform's time. Bad BCC or length, encrypted payloads (no SM2/SM4 keys are
 * configured) and data before login are logged and dropped.
 */
@Injectable()
export class Hj1239Server implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Hj1239');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly listener = new TcpListener((socket) => this.accept(socket));

  constructor(
    @Inject(ENERGY_CONFIG) private readonly config: EnergyConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly registry: EnergyVehicleRegistry,
  ) {}

  port(): number {
    return this.listener.port();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.listen(this.config.ENERGY_HJ1239_PORT, this.config.ENERGY_32960_HOST, this.config.ENERGY_IDLE_S * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.close();
  }

  private accept(socket: Socket): void {
    const session: Session = { socket, badFrames: 0, queue: Promise.resolve() };
    const deframer = new Gb32960Deframer();
    socket.on('data', (chunk: Buffer) => {
      for (const bytes of deframer.push(chunk)) {
        session.queue = session.queue.then(() =>
          this.receive(session, bytes).catch((error: Error) => {
            this.log.write('warn', `HJ 1239 ${session.vin ?? '?'}: ${error.message}; connection closed so the terminal reissues`);
            socket.destroy();
          }),
        );
      }
    });
  }

  private async receive(session: Session, bytes: Buffer): Promise<void> {
    if (session.socket.destroyed) return;
    let frame: Hj1239Frame;
    try {
      frame = decodeHj1239Frame(bytes);
    } catch (error) {
      this.log.write('warn', `HJ 1239 from ${session.socket.remoteAddress ?? '?'}: ${(error as Error).message}`);
      if (++session.badFrames >= MAX_BAD_FRAMES) session.socket.destroy();
      return;
    }
    session.badFrames = 0;
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
        session.socket.write(encodeHj1239Frame({ command: Hj1239Command.TIME_SYNC, vin: frame.vin, softwareVersion: frame.softwareVersion, encryption: Hj1239Encryption.NONE, data: encodeTime(chinaTime()) }));
        return;
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
      session.socket.end();
      return;
    }
    session.vin = frame.vin;
    session.vehicleId = vehicle?.vehicleId ?? '';
  }

  private async report(session: Session, frame: Hj1239Frame): Promise<void> {
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
    await this.bus.publish(Topics.emissionReport, { key: frame.vin, value: { vin: frame.vin, vehicleId: session.vehicleId, collectedAt: sentAt, receivedAt: Date.now(), reissued: frame.command === Hj1239Command.REISSUE, data: frame.data } });
  }
}
