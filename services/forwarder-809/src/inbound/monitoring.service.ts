import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { canonicalTerminalPhone, chinaBcdDigits, InstructionStatus, Topics, type InstructionOrderEvent, type InstructionRequest, type TerminalUplink, type VehicleRegistryEntry } from '@openfleet/contracts';
import type { EventBus } from '@openfleet/bus';
import type { Jt809Edition } from '@openfleet/jt809';
import { BusConsumer, consume, EVENT_BUS, RateLimitedLog } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { VehicleRegistry } from '@openfleet/auth';
import type { ActivePlatform } from '../link/link-manager.service';
import { LinkManager } from '../link/link-manager.service';
import { monitoringAnswer } from './monitoring-answer';
import { MonitoringRequest, type StoredReply } from './monitoring-request.entity';

type RequestType = 0x9501 | 0x9502 | 0x9503 | 0x9504 | 0x9505;
type ReplyType = 0x1501 | 0x1502 | 0x1503 | 0x1504 | 0x1505;

const UPLOAD_WAIT_MS = 60_000;

/** Each request: the terminal command that carries it out. */
const COMMANDS: Record<RequestType, { commandType: string; msgId: string }> = {
  0x9501: { commandType: 'platform809Monitor', msgId: '0x8400' },
  0x9502: { commandType: 'platform809Photo', msgId: '0x8801' },
  0x9503: { commandType: 'platform809Text', msgId: '0x8300' },
  0x9504: { commandType: 'platform809Record', msgId: '0x8700' },
  0x9505: { commandType: 'platform809Emergency', msgId: '0x8105' },
};

const FAILED: readonly number[] = [InstructionStatus.DEVICE_OFFLINE, InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.VOID];
const PENDING_MS = 10 * 60_000;
/** An answer decided while no link was up waits this long for one. */
const HOLD_MS = 30 * 60_000;
const SWEEP_MS = 5_000;
/** A superior flooding requests cannot grow the table without bound: beyond this, refused at once. */
export const MAX_PENDING_PER_PLATFORM = 1000;

/**
 * A superior's vehicle-monitoring requests go to the vehicle's terminal through the instruction
 * service (instruction.request.v1, source 'platform809'): listen-in 0x9501 → 0x8400, photo 0x9502 →
 * 0x8801, text 0x9503 → 0x8300, driving record 0x9504 → 0x8700, emergency monitoring 0x9505 → 0x8105
 * command 2. When the order ends the answer 0x1501-0x1505 goes back; a photo's answer waits for the
 * terminal's 0x0801 upload (gateway.uplink.v1) and carries it. A vehicle outside the platform's
 * group, or unknown, is refused at once.
 *
 * Each accepted request is a row (monitoring_request) until its answer is sent: a restart reloads
 * the rows before subscribing, so an order that ended while the forwarder was down (its event
 * waits at the group's committed offset) still finds its request. What never ends is answered
 * "failed" at expiry; an answer decided while no link is up is held and sent when one comes up.
 */
@Injectable()
export class MonitoringService extends BusConsumer {
  private readonly logger = new Logger('Forwarder809');
  private readonly log = new RateLimitedLog(this.logger);
  /** The rows, in memory: an entry leaves the map (synchronously) before its answer goes, so it is answered once. */
  private readonly pending = new Map<string, MonitoringRequest>();
  private sequence = 0;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
    private readonly links: LinkManager,
    private readonly registry: VehicleRegistry,
    @InjectRepository(MonitoringRequest, 'forwarder_809') private readonly requests: Repository<MonitoringRequest>,
  ) {
    super();
  }

  protected consumes() {
    const group = this.config.FORWARDER_809_GROUP;
    return [
      consume(Topics.instructionOrder, { group: `${group}-orders`, fromBeginning: false, each: (event) => this.settle(event) }),
      // Only 0x0801 of a terminal with a photo pending is looked at.
      consume(Topics.terminalUplink, {
        group: `${group}-media`,
        fromBeginning: false,
        each: async (uplink) => {
          if (uplink.msgId === '0x0801') await this.photoUploaded(uplink);
        },
      }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    // Before subscribing: an order event replayed from the committed offset must find its request.
    for (const row of await this.requests.find()) this.pending.set(row.requestId, row);
    this.links.onOnline((active) => this.flushHeld(active.platform.id));
    await super.onModuleInit();
    this.sweepTimer = setInterval(() => void this.sweep().catch((error: Error) => this.log.write('warn', `monitoring sweep failed: ${error.message}`)), SWEEP_MS);
    this.sweepTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    await super.onModuleDestroy();
  }

  /** Requests still owed an answer, held answers included. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Carries out a monitoring request for `vehicle` (undefined when the superior named an unknown plate). */
  async request(active: ActivePlatform, dataType: RequestType, data: Record<string, unknown>, head: { vehicleNo: string; vehicleColor: number }, serial: number, vehicle: VehicleRegistryEntry | undefined): Promise<void> {
    const replyType = (dataType - 0x8000) as ReplyType;
    const now = Date.now();
    const pending: MonitoringRequest = {
      requestId: '', platformId: active.platform.id, ...head, replyType, terminalPhone: '', sourceDataType: dataType, sourceMsgSn: serial, msgSequence: int(data.msgSequence),
      lensId: int(data.lensId), sizeType: int(data.sizeType), command: int(data.command), expiresAt: now + PENDING_MS, uploadBy: 0, reply: null,
    };
    if (!vehicle || !this.links.platformsFor(vehicle).includes(active)) return this.sendNow(active, pending, { outcome: 'refused' });
    if (this.waitingFor(active.platform.id) >= MAX_PENDING_PER_PLATFORM) {
      this.log.write('warn', `platform ${active.platform.id}: ${MAX_PENDING_PER_PLATFORM} monitoring requests already waiting, 0x${dataType.toString(16)} for ${head.vehicleNo} answered failed`);
      return this.sendNow(active, pending, { outcome: 'failed' });
    }
    const requestId = `platform809-${active.platform.id}-${now.toString(36)}-${(this.sequence = (this.sequence + 1) % 1e6)}`;
    Object.assign(pending, { requestId, terminalPhone: canonicalTerminalPhone(vehicle.terminalPhone) });
    // Stored before the order exists: its answer always finds the request, restart or not.
    await this.requests.insert(pending);
    this.pending.set(requestId, pending);
    try {
      await this.bus.publish(Topics.instructionRequest, { key: vehicle.terminalPhone, value: this.orderRequest(requestId, dataType, data, vehicle) });
    } catch (error) {
      this.log.write('warn', `platform ${active.platform.id}: 0x${dataType.toString(16)} for ${head.vehicleNo} not sent to the terminal: ${(error as Error).message}`);
      await this.finish(pending, { outcome: 'failed' });
    }
  }

  private orderRequest(requestId: string, dataType: RequestType, data: Record<string, unknown>, vehicle: VehicleRegistryEntry): InstructionRequest {
    return {
      requestId,
      source: 'platform809',
      ...COMMANDS[dataType],
      vehicleId: vehicle.vehicleId,
      body: this.commandBody(dataType, data, this.registry.terminalOf(vehicle.terminalPhone)?.protocolVersion),
      operatorId: 'platform809',
      offlinePolicy: 'fail',
      timeoutS: 30,
      requestedAt: Date.now(),
    };
  }

  private commandBody(dataType: RequestType, data: Record<string, unknown>, edition: string | undefined): Record<string, unknown> {
    switch (dataType) {
      case 0x9501:
        return { flag: 1, phone: String(data.monitorTel ?? '') };
      case 0x9502:
        // 809 size types 1-6 are the 808 resolutions 1-6 (320×240 … 352×288).
        return { channel: Number(data.lensId), command: 1, intervalS: 0, saveFlag: 0, resolution: Math.min(Math.max(Number(data.sizeType), 1), 8), quality: 5, brightness: 128, contrast: 64, saturation: 64, chroma: 128 };
      case 0x9503: {
        // 0x8300 flags: display and TTS; urgent (priority 0) is bit 0 in 2011/2013 and kind 2 in 2019, else a notice.
        const urgent = Number(data.priority) === 0;
        return edition === '2019' ? { flags: (urgent ? 2 : 3) | 0x0c, textType: 1, text: String(data.content ?? '') } : { flags: (urgent ? 1 : 0) | 0x0c, text: String(data.content ?? '') };
      }
      case 0x9504: {
        // 2019 names a window: GB/T 19056 commands 0x08-0x15 take start, end (BCD) and a block count.
        const command = Number(data.command);
        const ranged = data.startTime !== undefined && command >= 0x08 && command <= 0x15;
        return { command, data: ranged ? bcdTime(Number(data.startTime)) + bcdTime(Number(data.endTime)) + '0001' : '' };
      }
      case 0x9505: {
        // 0x8105 command 2: connect to the named server until the end time, then come back.
        const minutes = Math.max(1, Math.ceil((Number(data.endTime) * 1000 - Date.now()) / 60_000));
        // The auth code is BCD[10] on the wire: its zero padding is not part of the code.
        const authCode = String(data.authCode ?? '').replace(/^0+(?=\d)/, '');
        return { command: 2, params: ['0', authCode, data.accessPointName, data.userName, data.password, data.serverIp, data.tcpPort, data.udpPort, minutes].map(String).join(';') };
      }
    }
  }

  private async settle(order: InstructionOrderEvent): Promise<void> {
    const pending = this.pending.get(order.batchId);
    if (!pending || pending.reply || pending.uploadBy) return;
    if (order.status !== InstructionStatus.SUCCESS && !FAILED.includes(order.status)) return;
    if (order.status === InstructionStatus.SUCCESS && pending.replyType === 0x1502) {
      pending.uploadBy = Date.now() + UPLOAD_WAIT_MS;
      await this.requests.update({ requestId: pending.requestId }, { uploadBy: pending.uploadBy });
      return;
    }
    if (order.status !== InstructionStatus.SUCCESS) return this.finish(pending, { outcome: order.status === InstructionStatus.DEVICE_OFFLINE ? 'offline' : 'failed' });
    await this.finish(pending, { outcome: 'done', record: typeof order.replyBody?.data === 'string' ? order.replyBody.data : undefined });
  }

  private async photoUploaded(uplink: TerminalUplink): Promise<void> {
    const phone = canonicalTerminalPhone(uplink.terminalPhone);
    const body = uplink.body as { channel?: number; format?: number; data?: string; location?: StoredReply['location'] };
    for (const pending of this.pending.values()) {
      // The upload may overtake the order's success (it comes straight from the gateway).
      if (pending.reply || pending.replyType !== 0x1502 || pending.terminalPhone !== phone || (pending.lensId && body.channel !== pending.lensId) || typeof body.data !== 'string') continue;
      return this.finish(pending, { outcome: 'done', photo: body.data, format: body.format ?? 0, location: body.location });
    }
  }

  /** Answers a stored request: the row goes once the answer is sent, else the answer is held for the next link. */
  private async finish(pending: MonitoringRequest, reply: StoredReply): Promise<void> {
    this.pending.delete(pending.requestId);
    if (await this.deliver(pending, reply)) {
      await this.requests.delete({ requestId: pending.requestId });
      return;
    }
    Object.assign(pending, { reply, expiresAt: Date.now() + HOLD_MS });
    this.pending.set(pending.requestId, pending);
    await this.requests.update({ requestId: pending.requestId }, { reply, expiresAt: pending.expiresAt });
  }

  /** Sends the held answers of a platform whose link came up. */
  private async flushHeld(platformId: number): Promise<void> {
    for (const pending of [...this.pending.values()]) {
      if (!pending.reply || pending.platformId !== platformId || !this.pending.delete(pending.requestId)) continue;
      if (await this.deliver(pending, pending.reply)) await this.requests.delete({ requestId: pending.requestId });
      else this.pending.set(pending.requestId, pending);
    }
  }

  private async sendNow(active: ActivePlatform, request: MonitoringRequest, reply: StoredReply): Promise<void> {
    if (!(await active.link.send(0x1500, monitoringAnswer(request, reply, active.platform.edition as Jt809Edition, active.platform.platformCode)))) {
      this.log.write('warn', `platform ${active.platform.id}: 0x${request.replyType.toString(16)} for ${request.vehicleNo} not sent: no link`);
    }
  }

  /** True once the answer is on a link of the request's platform. */
  private async deliver(request: MonitoringRequest, reply: StoredReply): Promise<boolean> {
    const active = this.links.byId(request.platformId);
    const sent = active ? await active.link.send(0x1500, monitoringAnswer(request, reply, active.platform.edition as Jt809Edition, active.platform.platformCode)) : false;
    if (!sent) this.log.write('warn', `platform ${request.platformId}: 0x${request.replyType.toString(16)} for ${request.vehicleNo} held: no link`);
    return sent;
  }

  private waitingFor(platformId: number): number {
    let count = 0;
    for (const pending of this.pending.values()) if (pending.platformId === platformId) count++;
    return count;
  }

  /**
   * A photo whose upload never came, and a request whose order never ended (it ended while no one
   * listened, or the instruction service lost it), are answered "failed"; a held answer whose link
   * is up again goes; one held past its time is given up.
   */
  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const online = new Set<number>();
      for (const pending of [...this.pending.values()]) {
        if (pending.reply) {
          if (pending.expiresAt < now) {
            this.pending.delete(pending.requestId);
            await this.requests.delete({ requestId: pending.requestId });
            this.log.write('warn', `platform ${pending.platformId}: 0x${pending.replyType.toString(16)} for ${pending.vehicleNo} given up: no link for ${HOLD_MS / 60_000} min`);
          } else if (this.links.byId(pending.platformId)?.link.online) online.add(pending.platformId);
        } else if ((pending.uploadBy && pending.uploadBy < now) || pending.expiresAt < now) {
          await this.finish(pending, { outcome: 'failed' });
        }
      }
      for (const platformId of online) await this.flushHeld(platformId);
    } finally {
      this.sweeping = false;
    }
  }
}

function int(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function bcdTime(seconds: number): string {
  return chinaBcdDigits(seconds * 1000);
}
