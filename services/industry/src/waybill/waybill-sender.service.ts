import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, formatChinaTime, InstructionStatus, Topics, type InstructionOrderEvent, type WaybillSendResult } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { Waybill } from './waybill.entity';
import { WaybillService, waybillNo } from './waybill.service';

/** Request ids of waybill texts: the order events of other requesters are skipped by this prefix. */
export const WAYBILL_REQUEST_PREFIX = 'waybill-';
/** 0x8300 flags: shown on the display (bit 2) and read aloud (bit 3), the same bits in 2013 and 2019. */
const TEXT_FLAGS = 0x0c;
/** 2019 text type 2: service (a notice is 1). */
const SERVICE_TEXT = 2;

/** The waybill as the driver reads it on the terminal (GBK, well within 0x8300's frame). */
export function waybillText(row: Waybill): string {
  const dangerous = row.dangerousClass ? ` 危险品第${row.dangerousClass}类` : '';
  const hhmm = (ms: number) => formatChinaTime(ms).slice(5, 16);
  return `运单${waybillNo(row)}: ${row.shipper}->${row.consignee} ${row.goods}${dangerous}; ${row.origin.name} ${hhmm(row.plannedDepartAt)}发车, ${row.destination.name} ${hhmm(row.plannedArriveAt)}前到达`;
}

/**
 * Sends a waybill to its vehicle's terminal as a 0x8300 text through the instruction service
 * (instruction.request.v1, queued while the vehicle is offline) and follows its order events
 * (instruction.order.v1, batch id = request id) into the waybill's send status.
 */
@Injectable()
export class WaybillSenderService extends BusConsumer {
  constructor(
    @InjectRepository(Waybill, 'industry') private readonly waybills: Repository<Waybill>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly service: WaybillService,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionOrder, {
        group: 'industry-waybill-orders',
        fromBeginning: false,
        each: async (event) => {
          if (event.batchId.startsWith(WAYBILL_REQUEST_PREFIX)) await this.applyOrder(event);
        },
      }),
    ];
  }

  async send(user: AuthUser, id: number): Promise<WaybillSendResult> {
    const row = await this.service.get(user, id);
    const vehicle = this.registry.inScope(user, row.vehicleId);
    const requestId = `${WAYBILL_REQUEST_PREFIX}${id}-${randomUUID()}`;
    const text = waybillText(row);
    // Stored before it goes out: an order event that comes back at once finds its waybill.
    await this.waybills.update({ id }, { sendRequestId: requestId, sendStatus: InstructionStatus.INITIAL, sendErrorCode: 0, sentAt: Date.now() });
    await this.bus.publish(Topics.instructionRequest, {
      key: canonicalTerminalPhone(vehicle.terminalPhone || vehicle.vehicleId),
      value: { requestId, source: 'waybill', commandType: 'waybillText', vehicleId: vehicle.vehicleId, msgId: '0x8300', body: { flags: TEXT_FLAGS, textType: SERVICE_TEXT, text }, operatorId: user.id, offlinePolicy: 'queue', timeoutS: 30, requestedAt: Date.now() },
    });
    return { requestId, text };
  }

  /** Only the latest send of a waybill moves its status: an older request's late answer is ignored. */
  async applyOrder(event: InstructionOrderEvent): Promise<void> {
    await this.waybills.update({ sendRequestId: event.batchId }, { sendStatus: event.status, sendErrorCode: event.errorCode });
  }
}
