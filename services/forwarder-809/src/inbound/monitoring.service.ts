import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventBus, Subscription } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type InstructionOrderEvent, type Position, type TerminalUplink, type VehicleRegistryEntry } from '@openfleet/contracts';
import type { Jt809Edition } from '@openfleet/jt809';
import { EVENT_BUS } from '@openfleet/service-kit';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { ForwarderVehicleRegistry } from '../forwarding/forwarder-vehicle-registry';
import { gnssOf } from '../forwarding/gnss-of';
import type { ActivePlatform } from '../link/link-manager.service';
import { LinkManager } from '../link/link-manager.service';

/** A request waiting for its instruction order to finish, to be answered on the platform's link. */
interface Pending {
  active: ActivePlatform;
  vehicleNo: string;
  vehicleColor: number;
  replyType: ReplyType;
  terminalPhone?: string;
  lensId?: number;
  sizeType?: number;
  /** 0x9504: the record command asked for, echoed in 0x1504. */
  command?: number;
  /** A photo the terminal took: its 0x0801 upload is awaited until then. */
  uploadBy?: number;
  sourceDataType: number;
  sourceMsgSn: number;
  msgSequence: number;
  expiresAt: number;
}

type RequestType = 0x9501 | 0x9502 | 0x9503 | 0x9504 | 0x9505;
type ReplyType = 0x1501 | 0x1502 | 0x1503 | 0x1504 | 0x1505;

/** 0x1502 photo answer flags. */
const PHOTO = { TAKEN: 0x01, OFFLINE: 0x03, OTHER: 0x05, WRONG_PLATE: 0x09 } as const;
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

/**
 * A superior's vehicle-monitoring requests go to the vehicle's terminal through the instruction
 * service (instruction.request.v1, source 'platform809'): listen-in 0x9501 → 0x8400, photo 0x9502 →
 * 0x8801, text 0x9503 → 0x8300, driving record 0x9504 → 0x8700, emergency monitoring 0x9505 → 0x8105
 * command 2. When the order ends the answer 0x1501-0x1505 goes back; a photo's answer waits for the
 * terminal's 0x0801 upload (gateway.uplink.v1) and carries it. A vehicle outside the platform's
 * group, or unknown, is refused at once.
 */
@Injectable()
export class MonitoringService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private readonly pending = new Map<string, Pending>();
  private readonly subscriptions: Subscription[] = [];
  private sequence = 0;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
    private readonly links: LinkManager,
    private readonly registry: ForwarderVehicleRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriptions.push(
      await this.bus.subscribe(Topics.instructionOrder, { group: `${this.config.FORWARDER_809_GROUP}-orders`, fromBeginning: false, handle: async (messages) => {
        for (const { value } of messages) await this.settle(value);
      } }),
      // Only 0x0801 of a terminal with a photo pending is looked at.
      await this.bus.subscribe(Topics.terminalUplink, { group: `${this.config.FORWARDER_809_GROUP}-media`, fromBeginning: false, handle: async (messages) => {
        for (const { value } of messages) if (value.msgId === '0x0801') await this.photoUploaded(value);
      } }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.close()));
  }

  /** Carries out a monitoring request for `vehicle` (undefined when the superior named an unknown plate). */
  async request(active: ActivePlatform, dataType: RequestType, data: Record<string, unknown>, head: { vehicleNo: string; vehicleColor: number }, serial: number, vehicle: VehicleRegistryEntry | undefined): Promise<void> {
    const replyType = (dataType - 0x8000) as ReplyType;
    const pending: Pending = { active, ...head, replyType, sourceDataType: dataType, sourceMsgSn: serial, msgSequence: Number(data.msgSequence ?? 0), expiresAt: Date.now() + PENDING_MS, lensId: Number(data.lensId ?? 0), sizeType: Number(data.sizeType ?? 0), command: Number(data.command ?? 0) };
    if (!vehicle || !this.links.platformsFor(vehicle).includes(active)) return this.answer(pending, 'refused');
    const requestId = `platform809-${active.platform.id}-${Date.now().toString(36)}-${(this.sequence = (this.sequence + 1) % 1e6)}`;
    pending.terminalPhone = canonicalTerminalPhone(vehicle.terminalPhone);
    this.pending.set(requestId, pending);
    this.sweep();
    await this.bus.publish(Topics.instructionRequest, {
      key: vehicle.terminalPhone,
      value: {
        requestId,
        source: 'platform809',
        ...COMMANDS[dataType],
        vehicleId: vehicle.vehicleId,
        body: this.commandBody(dataType, data, this.registry.terminalOf(vehicle.terminalPhone)?.protocolVersion),
        operatorId: 'platform809',
        offlinePolicy: 'fail',
        timeoutS: 30,
        requestedAt: Date.now(),
      },
    });
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
    if (!pending || pending.uploadBy) return;
    if (order.status !== InstructionStatus.SUCCESS && !FAILED.includes(order.status)) return;
    if (order.status === InstructionStatus.SUCCESS && pending.replyType === 0x1502) {
      pending.uploadBy = Date.now() + UPLOAD_WAIT_MS;
      return;
    }
    this.pending.delete(order.batchId);
    if (order.status !== InstructionStatus.SUCCESS) return this.answer(pending, order.status === InstructionStatus.DEVICE_OFFLINE ? 'offline' : 'failed');
    const record = typeof order.replyBody?.data === 'string' ? Buffer.from(order.replyBody.data, 'hex') : Buffer.alloc(0);
    await this.answer(pending, 'done', { record });
  }

  private async photoUploaded(uplink: TerminalUplink): Promise<void> {
    const phone = canonicalTerminalPhone(uplink.terminalPhone);
    const body = uplink.body as { channel?: number; format?: number; data?: string; location?: Record<string, unknown> };
    for (const [id, pending] of this.pending) {
      // The upload may overtake the order's success (it comes straight from the gateway).
      if (pending.replyType !== 0x1502 || pending.terminalPhone !== phone || (pending.lensId && body.channel !== pending.lensId) || typeof body.data !== 'string') continue;
      this.pending.delete(id);
      await this.answer(pending, 'done', { photo: Buffer.from(body.data, 'hex'), format: body.format ?? 0, location: body.location });
      return;
    }
  }

  private async answer(p: Pending, outcome: 'done' | 'refused' | 'offline' | 'failed', extra: { record?: Buffer; photo?: Buffer; format?: number; location?: Record<string, unknown> } = {}): Promise<void> {
    const edition = p.active.platform.edition as Jt809Edition;
    const source = edition === '2019' ? { sourceDataType: p.sourceDataType, sourceMsgSn: p.sourceMsgSn } : {};
    let data: Record<string, unknown>;
    switch (p.replyType) {
      case 0x1502: {
        const flag = outcome === 'done' ? PHOTO.TAKEN : outcome === 'refused' ? PHOTO.WRONG_PLATE : outcome === 'offline' ? PHOTO.OFFLINE : PHOTO.OTHER;
        data = { ...source, photoRspFlag: flag, position: gnssOf(positionOf(extra.location), edition, p.active.platform.platformCode), lensId: p.lensId ?? 0, sizeType: p.sizeType ?? 0, type: extra.format === 0 || extra.format === undefined ? 1 : 0, photo: extra.photo ?? Buffer.alloc(0) };
        break;
      }
      case 0x1503:
        data = edition === '2019' ? { ...source, result: outcome === 'done' ? 0 : 1 } : { msgId: p.msgSequence, result: outcome === 'done' ? 0 : 1 };
        break;
      case 0x1504:
        data = { ...source, commandType: p.command ?? 0, travelData: extra.record ?? Buffer.alloc(0) };
        break;
      case 0x1505:
        data = { ...source, result: outcome === 'done' ? 0 : outcome === 'refused' ? 1 : 2 };
        break;
      default:
        data = { ...source, result: outcome === 'done' ? 0 : 1 };
    }
    if (!(await p.active.link.send(0x1500, { vehicleNo: p.vehicleNo, vehicleColor: p.vehicleColor, dataType: p.replyType, data }))) {
      this.logger.warn(`platform ${p.active.platform.id}: 0x${p.replyType.toString(16)} for ${p.vehicleNo} not sent: no link`);
    }
  }

  /** Forgets what waited too long; a photo whose upload never came is answered "not taken, other reason". */
  private sweep(): void {
    const now = Date.now();
    for (const [id, pending] of this.pending) {
      if (pending.uploadBy && pending.uploadBy < now) {
        this.pending.delete(id);
        void this.answer(pending, 'failed');
      } else if (pending.expiresAt < now) this.pending.delete(id);
    }
  }
}

function bcdTime(seconds: number): string {
  return new Date(seconds * 1000 + 8 * 3_600_000).toISOString().slice(2, 19).replace(/\D/g, '');
}

/** The 0x0801 location block (or nothing) as a tracking position, for the 0x1502 GNSS data. */
function positionOf(location: Record<string, unknown> | undefined): Position {
  const num = (key: string) => Number(location?.[key] ?? 0) || 0;
  const time = typeof location?.time === 'string' ? Date.parse(location.time) : Date.now();
  return {
    terminalPhone: '', vehicleId: '', gpsTimeS: Math.floor((Number.isFinite(time) ? time : Date.now()) / 1000), receivedAtMs: Date.now(), latitudeE6: Math.round(num('latitude') * 1e6), longitudeE6: Math.round(num('longitude') * 1e6),
    altitudeM: num('altitude'), speedDkmh: Math.round(num('speed') * 10), directionDeg: num('direction'), alarmFlags: num('alarm'), statusFlags: num('status'), mileageHm: 0, hasMileage: false, fuelDl: 0, hasFuel: false,
    recordedSpeedDkmh: 0, hasRecordedSpeed: false, blindArea: false, serial: 0, sequence: 0, extrasJson: '',
  };
}
