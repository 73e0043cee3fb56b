import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventBus, Subscription } from '@openfleet/bus';
import { InstructionStatus, Topics, type InstructionOrderEvent, type VehicleRegistryEntry } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { ForwarderVehicleRegistry } from '../forwarding/forwarder-vehicle-registry';
import type { ActivePlatform } from '../link/link-manager.service';
import { LinkManager } from '../link/link-manager.service';

/** A request waiting for its instruction order to finish, to be answered on the platform's link. */
interface Pending {
  active: ActivePlatform;
  vehicleNo: string;
  vehicleColor: number;
  replyType: 0x1501 | 0x1503;
  sourceDataType: number;
  sourceMsgSn: number;
  msgSequence: number;
  expiresAt: number;
}

const FAILED: readonly number[] = [InstructionStatus.DEVICE_OFFLINE, InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.VOID];
const PENDING_MS = 10 * 60_000;

/**
 * A superior's listen-in (0x9501 → 0x8400) and text (0x9503 → 0x8300) go to the vehicle's terminal
 * through the instruction service (instruction.request.v1, source 'platform809'); when its order
 * succeeds or fails, the answer 0x1501/0x1503 goes back with result 0 or 1. A vehicle outside the
 * platform's group, or unknown, is answered 1 at once.
 */
@Injectable()
export class MonitoringService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private readonly pending = new Map<string, Pending>();
  private subscription?: Subscription;
  private sequence = 0;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
    private readonly links: LinkManager,
    private readonly registry: ForwarderVehicleRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.instructionOrder, { group: `${this.config.FORWARDER_809_GROUP}-orders`, fromBeginning: false, handle: async (messages) => {
      for (const { value } of messages) await this.settle(value);
    } });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** 0x9501 (monitorTel) or 0x9503 (msgSequence, priority, content) for `vehicle`, or undefined when unknown. */
  async request(active: ActivePlatform, dataType: 0x9501 | 0x9503, data: Record<string, unknown>, head: { vehicleNo: string; vehicleColor: number }, serial: number, vehicle: VehicleRegistryEntry | undefined): Promise<void> {
    const pending: Pending = { active, ...head, replyType: dataType === 0x9501 ? 0x1501 : 0x1503, sourceDataType: dataType, sourceMsgSn: serial, msgSequence: Number(data.msgSequence ?? 0), expiresAt: Date.now() + PENDING_MS };
    if (!vehicle || !this.links.platformsFor(vehicle).includes(active)) return this.answer(pending, 1);
    const requestId = `platform809-${active.platform.id}-${Date.now().toString(36)}-${(this.sequence = (this.sequence + 1) % 1e6)}`;
    this.pending.set(requestId, pending);
    this.sweep();
    const edition = this.registry.terminalOf(vehicle.terminalPhone)?.protocolVersion;
    // 0x8300 flags: display and TTS; urgent (priority 0) is bit 0 in 2011/2013 and kind 2 in 2019, else a notice.
    const urgent = Number(data.priority) === 0;
    const body =
      dataType === 0x9501
        ? { flag: 1, phone: String(data.monitorTel ?? '') }
        : edition === '2019'
          ? { flags: (urgent ? 2 : 3) | 0x0c, textType: 1, text: String(data.content ?? '') }
          : { flags: (urgent ? 1 : 0) | 0x0c, text: String(data.content ?? '') };
    await this.bus.publish(Topics.instructionRequest, {
      key: vehicle.terminalPhone,
      value: {
        requestId,
        source: 'platform809',
        commandType: dataType === 0x9501 ? 'platform809Monitor' : 'platform809Text',
        vehicleId: vehicle.vehicleId,
        msgId: dataType === 0x9501 ? '0x8400' : '0x8300',
        body,
        operatorId: 'platform809',
        offlinePolicy: 'fail',
        timeoutS: 30,
        requestedAt: Date.now(),
      },
    });
  }

  private async settle(order: InstructionOrderEvent): Promise<void> {
    const pending = this.pending.get(order.batchId);
    if (!pending) return;
    if (order.status !== InstructionStatus.SUCCESS && !FAILED.includes(order.status)) return;
    this.pending.delete(order.batchId);
    await this.answer(pending, order.status === InstructionStatus.SUCCESS ? 0 : 1);
  }

  private async answer(p: Pending, result: number): Promise<void> {
    const source = p.active.platform.edition === '2019' ? { sourceDataType: p.sourceDataType, sourceMsgSn: p.sourceMsgSn } : {};
    const data = p.replyType === 0x1503 && p.active.platform.edition !== '2019' ? { msgId: p.msgSequence, result } : { ...source, result };
    if (!(await p.active.link.send(0x1500, { vehicleNo: p.vehicleNo, vehicleColor: p.vehicleColor, dataType: p.replyType, data }))) {
      this.logger.warn(`platform ${p.active.platform.id}: 0x${p.replyType.toString(16)} for ${p.vehicleNo} not sent: no link`);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, pending] of this.pending) if (pending.expiresAt < now) this.pending.delete(id);
  }
}
