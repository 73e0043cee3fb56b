import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { VehicleRegistry } from '@openfleet/auth';
import type { DeliveredMessage, EventBus } from '@openfleet/bus';
import { canonicalTerminalPhone, Topics, type TerminalUplink } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { pathOf } from '@openfleet/storage';
import { In, type Repository } from 'typeorm';
import { WaybillDriverCard, WaybillUpload } from './waybill.entity';
import { readWaybillContent } from './waybill-upload-content';

const WAYBILL_REPORT = '0x0701';
const DRIVER_IDENTITY = '0x0702';
/** 0x0702 status: 1 card inserted, 2 removed (2013+); a 2011 report has none and is an insertion. */
const CARD_REMOVED = 2;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * gateway.uplink.v1 -> waybill_upload: every 0x0701 electronic waybill with its GBK text, and the
 * driver whose card was in the terminal then (the last 0x0702 before it, from the same topic and
 * partition, so in order). The card is stored per terminal, so a restart still knows who drives.
 * Redelivery inserts nothing twice (unique terminal + serial + arrival time).
 */
@Injectable()
export class WaybillUploadIngest extends BusConsumer {
  constructor(
    @InjectRepository(WaybillUpload, 'industry') private readonly uploads: Repository<WaybillUpload>,
    @InjectRepository(WaybillDriverCard, 'industry') private readonly cards: Repository<WaybillDriverCard>,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    return [consume(Topics.terminalUplink, { group: 'industry-waybill-uploads', fromBeginning: true, handle: (messages) => this.ingest(messages) })];
  }

  async ingest(messages: readonly DeliveredMessage<TerminalUplink>[]): Promise<void> {
    const uplinks = messages.map((m) => m.value).filter((u) => u.msgId === WAYBILL_REPORT || u.msgId === DRIVER_IDENTITY);
    if (!uplinks.length) return;
    const phones = [...new Set(uplinks.map((u) => canonicalTerminalPhone(u.terminalPhone)))];
    const cards = new Map((await this.cards.findBy({ terminalPhone: In(phones) })).map((card) => [card.terminalPhone, card]));
    const changedCards = new Map<string, WaybillDriverCard>();
    const rows: Partial<WaybillUpload>[] = [];
    for (const uplink of uplinks) {
      const terminalPhone = canonicalTerminalPhone(uplink.terminalPhone);
      if (uplink.msgId === DRIVER_IDENTITY) {
        const removed = uplink.body.status === CARD_REMOVED;
        const card = this.cards.create({ terminalPhone, name: removed ? '' : text(uplink.body.name, 32), licence: removed ? '' : text(uplink.body.certificate, 40), at: uplink.receivedAt });
        cards.set(terminalPhone, card);
        changedCards.set(terminalPhone, card);
        continue;
      }
      const hex = typeof uplink.body.content === 'string' ? uplink.body.content : '';
      const content = readWaybillContent(hex);
      const vehicle = (uplink.vehicleId ? this.registry.byVehicleId(uplink.vehicleId) : undefined) ?? this.registry.byTerminalPhone(terminalPhone);
      const card = cards.get(terminalPhone);
      rows.push({
        terminalPhone,
        serial: uplink.serial,
        receivedAt: uplink.receivedAt,
        vehicleId: vehicle?.vehicleId ?? uplink.vehicleId ?? '',
        companyPath: pathOf((vehicle?.companyPath ?? []).map(String)),
        fleetPath: pathOf((vehicle?.fleetPath ?? []).map(String)),
        driverName: card?.name ?? '',
        driverLicence: card?.licence ?? '',
        length: content.length,
        contentText: content.text,
        contentHex: hex.toLowerCase(),
      });
    }
    if (changedCards.size) await this.cards.upsert([...changedCards.values()], ['terminalPhone']);
    if (rows.length) await this.uploads.createQueryBuilder().insert().values(rows).orIgnore().execute();
  }
}
