import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, InstructionStatus, Topics, type InstructionOrderEvent, type NoticeDeliveryView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { In, type Repository } from 'typeorm';
import { applyScope } from '../common/scope-filter';
import { NoticeStatus } from '../notice/notice.entity';
import { Terminal } from '../terminal/terminal.entity';
import { Vehicle } from '../vehicle/vehicle.entity';
import { NoticeDelivery } from './notice-receipt.entity';
import { PressReleaseService } from './press-release.service';

/** Request ids of press-release texts: other requesters' order events are skipped by this prefix. */
export const PRESS_RELEASE_REQUEST_PREFIX = 'press-';
/** 0x8300 flags: shown on the display (bit 2) and read aloud (bit 3), the same bits in 2013 and 2019. */
const TEXT_FLAGS = 0x0c;
/** 2019 text type 1: notice (the 2013 encoder leaves it out). */
const NOTICE_TEXT = 1;
/** GBK bytes of text a 0x8300 carries here: 2019's header (17) and flag and type bytes stay within one 1,023-byte body. */
export const TERMINAL_TEXT_MAX_BYTES = 1000;
/** Statuses an order ends in (the terminal's answer, or none). */
const FINAL = new Set<number>([InstructionStatus.SUCCESS, InstructionStatus.DEVICE_OFFLINE, InstructionStatus.FAILED, InstructionStatus.RESPONSE_TIMEOUT, InstructionStatus.VOID]);

/** "【title】body", cut to what a terminal's text takes (GBK: two bytes for a Chinese character, one for ASCII). */
export function terminalText(title: string, content: string): string {
  let bytes = 0;
  let text = '';
  for (const char of `【${title}】${content}`) {
    bytes += char.charCodeAt(0) < 0x80 ? 1 : 2;
    if (bytes > TERMINAL_TEXT_MAX_BYTES) break;
    text += char;
  }
  return text;
}

/**
 * Sends a published press release to vehicles' terminals as 0x8300 texts through the instruction
 * service (instruction.request.v1, queued while a vehicle is offline) and keeps each order's outcome
 * (instruction.order.v1, batch id = request id) as that vehicle's delivery receipt: status 1 once the
 * terminal answered 0x0001 with success.
 */
@Injectable()
export class PressReleaseSenderService extends BusConsumer {
  constructor(
    @InjectRepository(NoticeDelivery, 'admin') private readonly deliveries: Repository<NoticeDelivery>,
    @InjectRepository(Vehicle, 'admin') private readonly vehicles: Repository<Vehicle>,
    @InjectRepository(Terminal, 'admin') private readonly terminals: Repository<Terminal>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly notices: PressReleaseService,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.instructionOrder, {
        group: 'admin-press-release-orders',
        fromBeginning: false,
        each: async (event) => {
          if (event.batchId.startsWith(PRESS_RELEASE_REQUEST_PREFIX)) await this.applyOrder(event);
        },
      }),
    ];
  }

  /** Every vehicle must be in the caller's scope (8002 otherwise, as for one that does not exist). */
  async send(user: AuthUser, id: number, vehicleIds: string[]): Promise<NoticeDeliveryView[]> {
    const notice = await this.notices.get(user, id);
    if (notice.status !== NoticeStatus.PUBLISHED) throw new AppError(ErrorCode.CONFLICT, { detail: 'publish the notice before sending it to drivers' });
    const wanted = [...new Set(vehicleIds)];
    const numeric = wanted.filter((v) => /^\d{1,18}$/.test(v)).map(Number);
    const found = numeric.length ? await applyScope(this.vehicles.createQueryBuilder('v'), 'v', user, { fleetPath: true, vehicleColumn: 'id' }).andWhere('v.id IN (:...ids)', { ids: numeric }).getMany() : [];
    const missing = wanted.find((v) => !found.some((row) => String(row.id) === v));
    if (missing !== undefined) throw new AppError(ErrorCode.VEHICLE_NOT_FOUND, { data: missing });
    const terminalIds = found.map((v) => v.terminalId).filter((t): t is number => t !== null);
    const phones = new Map((terminalIds.length ? await this.terminals.find({ where: { id: In(terminalIds) } }) : []).map((t) => [t.id, t.terminalPhone]));
    const text = terminalText(notice.title, notice.content);
    const sent: NoticeDeliveryView[] = [];
    for (const vehicle of found) {
      const requestId = `${PRESS_RELEASE_REQUEST_PREFIX}${id}-${randomUUID()}`;
      const vehicleId = String(vehicle.id);
      const now = Date.now();
      // Stored before it goes out: an order event that comes back at once finds its row.
      await this.deliveries.insert({ noticeId: id, vehicleId, plateCode: vehicle.plateCode, requestId, status: InstructionStatus.INITIAL, errorCode: 0, sentAt: now, answeredAt: null });
      const phone = vehicle.terminalId ? (phones.get(vehicle.terminalId) ?? '') : '';
      await this.bus.publish(Topics.instructionRequest, {
        key: canonicalTerminalPhone(phone || vehicleId),
        value: { requestId, source: 'pressRelease', commandType: 'pressReleaseText', vehicleId, msgId: '0x8300', body: { flags: TEXT_FLAGS, textType: NOTICE_TEXT, text }, operatorId: user.id, offlinePolicy: 'queue', timeoutS: 30, requestedAt: now },
      });
      sent.push({ vehicleId, plateCode: vehicle.plateCode, status: InstructionStatus.INITIAL, errorCode: 0, sentAt: now, answeredAt: null });
    }
    return sent;
  }

  async applyOrder(event: InstructionOrderEvent): Promise<void> {
    await this.deliveries.update({ requestId: event.batchId }, { status: event.status, errorCode: event.errorCode, answeredAt: FINAL.has(event.status) ? event.at : null });
  }
}
