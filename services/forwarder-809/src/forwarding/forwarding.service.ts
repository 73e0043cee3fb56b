import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventBus } from '@openfleet/bus';
import { Topics, type AlarmEvent, type Position } from '@openfleet/contracts';
import type { BusinessBody, Jt809Edition } from '@openfleet/jt809';
import { BusConsumer, consume, EVENT_BUS } from '@openfleet/service-kit';
import { In, type Repository } from 'typeorm';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { LinkManager, type ActivePlatform } from '../link/link-manager.service';
import { ForwardBacklog } from './backlog.entity';
import { VehicleRegistry } from '@openfleet/auth';
import { gnssFromJson, gnssOf, gnssToJson, WARN_TYPES } from './gnss-of';

/** 0x1203 carries 1 to 5 positions of one vehicle. */
const REISSUE_BATCH = 5;
const DRAIN_PAGE = 500;
/** The holder of a platform looks for rows other replicas put in its backlog this often. */
const POLL_MS = 1000;
/** Other replicas add and remove rows too: each replica's depth gauge is recounted this often. */
const RECOUNT_MS = 30_000;

/**
 * Positions (0x1202) and alarms (0x1402) of the vehicles in each platform's forwarding group.
 * While neither link of a platform is up, positions go to `forward_backlog` before the bus offset
 * is committed; when a link comes back they are sent in order with 0x1203, and new positions wait
 * behind them until the backlog is empty.
 *
 * With several replicas every one consumes some partitions in the one group: what is for a
 * platform whose lease this replica does not hold (its link is not started here) goes to the
 * backlog like an outage, and the holder drains it (it looks every second). See
 * docs/forwarder-809.md, "Several replicas", for why nothing acknowledged is lost or sent twice.
 */
@Injectable()
export class ForwardingService extends BusConsumer implements OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private readonly draining = new Set<number>();
  private readonly pendingInserts = new Map<number, number>();
  /** Vehicles the superior started (0x9205) or stopped (0x9206), per platform: `${platformId}|${vehicleId}`. */
  private readonly requested = new Map<string, boolean>();
  private infoId = 0;
  /** Rows in each platform's backlog: counted once, then kept as rows go in and out (no COUNT per batch). */
  private readonly depth = new Map<number, number>();
  private poll?: NodeJS.Timeout;
  private ready?: Promise<unknown>;
  private recount?: NodeJS.Timeout;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
    @InjectRepository(ForwardBacklog, 'forwarder_809') private readonly backlog: Repository<ForwardBacklog>,
    private readonly links: LinkManager,
    private readonly registry: VehicleRegistry,
  ) {
    super();
  }

  protected consumes() {
    const group = this.config.FORWARDER_809_GROUP;
    return [
      consume(Topics.position, { group, maxBatchSize: 1000, handle: (messages) => this.forwardPositions(messages.map((m) => m.value)) }),
      consume(Topics.alarm, { group: `${group}-alarm`, handle: (messages) => this.forwardAlarms(messages.map((m) => m.value)) }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    this.links.onOnline((active) => this.drain(active));
    await super.onModuleInit();
    // Housekeeping timers never keep a process alive on their own (a stop clears them anyway).
    this.poll = setInterval(() => void this.pollBacklogs(), POLL_MS).unref();
    this.recount = setInterval(() => this.depth.clear(), RECOUNT_MS).unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.poll);
    clearInterval(this.recount);
    await super.onModuleDestroy();
  }

  /** Rows other replicas held for the platforms whose links run here. */
  private async pollBacklogs(): Promise<void> {
    for (const active of this.links.all()) {
      const platformId = active.platform.id;
      if (!active.link.online || this.draining.has(platformId)) continue;
      try {
        if (await this.backlog.exists({ where: { platformId } })) void this.drain(active);
      } catch (error) {
        this.logger.warn(`platform ${platformId}: backlog poll failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * A message of ours that only the platform's link holder may send (a duty-check or supervision
   * answer, a filing, a reply to a request that came in on a slave link held here): sent at once
   * when the links run here, else queued in the backlog for the holder when another replica
   * reports its link up. False when no replica has a link up (the caller answers 3116).
   */
  async sendAsHolder(active: ActivePlatform, msgId: number, body: BusinessBody): Promise<boolean> {
    if (active.link.online) return active.link.send(msgId, body);
    if (!this.links.heldOnlineElsewhere(active.platform.id)) return false;
    const row = this.backlog.create({ platformId: active.platform.id, kind: 'message', vehicleNo: body.vehicleNo ?? '', vehicleColor: body.vehicleColor ?? 0, position: JSON.stringify({ msgId, body }), gpsTimeS: Math.floor(Date.now() / 1000) });
    await this.backlog.insert(row);
    this.moved(active.platform.id, 1);
    return true;
  }

  /** 0x9205 starts and 0x9206 stops a vehicle's positions to one platform, whatever its group says. */
  setRequested(platformId: number, vehicleId: string, on: boolean): void {
    this.requested.set(`${platformId}|${vehicleId}`, on);
  }

  async backlogDepth(platformId: number): Promise<number> {
    let depth = this.depth.get(platformId);
    if (depth === undefined) {
      // A gauge for the status and the bound: a row moving while it is counted may be off by one.
      depth = await this.backlog.countBy({ platformId });
      this.depth.set(platformId, depth);
    }
    return depth;
  }

  /** Not counted yet: the first read counts what is there. */
  private moved(platformId: number, rows: number): void {
    if (!this.depth.has(platformId)) return;
    this.depth.set(platformId, Math.max(0, (this.depth.get(platformId) ?? 0) + rows));
  }

  private targetsOf(vehicleId: string, companyMatch: ActivePlatform[]): ActivePlatform[] {
    const out = new Set<ActivePlatform>();
    for (const active of companyMatch) if (this.requested.get(`${active.platform.id}|${vehicleId}`) !== false) out.add(active);
    for (const active of this.links.all()) if (this.requested.get(`${active.platform.id}|${vehicleId}`) === true) out.add(active);
    return [...out];
  }

  /**
   * Consumers start at module init, before the platforms are read (application bootstrap) and
   * before the vehicle registry has caught up with its topic: a batch handled then would find no
   * platform or no vehicle and be committed unsent. Every batch waits for both (a restarted or
   * rebalanced replica lost the positions of its first seconds that way).
   */
  private whenReady(): Promise<unknown> {
    return (this.ready ??= Promise.all([this.registry.ready, this.links.loaded]));
  }

  private async forwardPositions(positions: Position[]): Promise<void> {
    await this.whenReady();
    const held = new Map<number, ForwardBacklog[]>();
    for (const position of positions) {
      const vehicle = this.registry.find(position);
      if (!vehicle) continue;
      for (const active of this.targetsOf(vehicle.vehicleId, this.links.platformsFor(vehicle))) {
        const edition = active.platform.edition as Jt809Edition;
        const gnss = gnssOf(position, edition, active.platform.platformCode);
        const id = active.platform.id;
        const body = { vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, dataType: 0x1202, data: { position: gnss } };
        if (!this.draining.has(id) && !held.has(id) && active.link.online && (await active.link.send(0x1200, body))) {
          continue;
        }
        const rows = held.get(id) ?? [];
        rows.push(this.backlog.create({ platformId: id, kind: 'position', vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, position: gnssToJson(gnss), gpsTimeS: position.gpsTimeS }));
        held.set(id, rows);
      }
    }
    for (const [platformId, rows] of held) await this.hold(platformId, rows);
  }

  /** Stores positions for later; the bus offset is committed only after this resolves. */
  private async hold(platformId: number, rows: ForwardBacklog[]): Promise<void> {
    this.pendingInserts.set(platformId, (this.pendingInserts.get(platformId) ?? 0) + 1);
    try {
      await this.backlogDepth(platformId);
      for (let i = 0; i < rows.length; i += 500) await this.backlog.insert(rows.slice(i, i + 500));
      this.moved(platformId, rows.length);
      await this.trim(platformId);
    } finally {
      this.pendingInserts.set(platformId, (this.pendingInserts.get(platformId) ?? 1) - 1);
    }
    const active = this.links.byId(platformId);
    if (active?.link.online && !this.draining.has(platformId)) void this.drain(active);
  }

  /** The backlog is bounded: beyond the limit the oldest positions go, counted and logged. */
  private async trim(platformId: number): Promise<void> {
    const excess = (await this.backlogDepth(platformId)) - this.config.FORWARDER_809_BACKLOG_MAX;
    if (excess <= 0) return;
    const oldest = await this.backlog.find({ where: { platformId }, order: { id: 'ASC' }, take: excess, select: { id: true } });
    await this.backlog.delete({ id: In(oldest.map((row) => row.id)) });
    this.moved(platformId, -oldest.length);
    this.logger.warn(`platform ${platformId}: backlog over ${this.config.FORWARDER_809_BACKLOG_MAX} positions, the ${oldest.length} oldest dropped`);
  }

  /** Sends the backlog with 0x1203 in order, then lets new positions go live again. */
  async drain(active: ActivePlatform): Promise<void> {
    const platformId = active.platform.id;
    if (this.draining.has(platformId)) return;
    this.draining.add(platformId);
    try {
      for (;;) {
        if (!active.link.online) return;
        const rows = await this.backlog.find({ where: { platformId }, order: { id: 'ASC' }, take: DRAIN_PAGE });
        if (!rows.length) {
          if (this.pendingInserts.get(platformId)) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          return;
        }
        // Consecutive positions of one vehicle share a message; alarms go one by one; the order per vehicle is kept.
        let sent = 0;
        while (sent < rows.length) {
          const first = rows[sent];
          let end = sent + 1;
          if (first.kind === 'position') {
            while (end < rows.length && end - sent < REISSUE_BATCH && rows[end].kind === 'position' && rows[end].vehicleNo === first.vehicleNo && rows[end].vehicleColor === first.vehicleColor) end++;
          }
          const chunk = rows.slice(sent, end);
          const ok =
            first.kind === 'message'
              ? await this.sendQueued(active, first)
              : first.kind === 'alarm'
              ? await active.link.send(0x1400, { vehicleNo: first.vehicleNo, vehicleColor: first.vehicleColor, dataType: 0x1402, data: JSON.parse(first.position) as Record<string, unknown> })
              : await active.link.send(0x1200, { vehicleNo: first.vehicleNo, vehicleColor: first.vehicleColor, dataType: 0x1203, data: { positions: chunk.map((row) => gnssFromJson(row.position)) } });
          if (!ok) break;
          sent = end;
        }
        if (sent) {
          await this.backlog.delete({ id: In(rows.slice(0, sent).map((row) => row.id)) });
          this.moved(platformId, -sent);
        }
        if (sent < rows.length) return;
      }
    } catch (error) {
      this.logger.warn(`platform ${platformId}: backlog drain stopped: ${(error as Error).message}`);
    } finally {
      this.draining.delete(platformId);
    }
  }

  private sendQueued(active: ActivePlatform, row: ForwardBacklog): Promise<boolean> {
    const { msgId, body } = JSON.parse(row.position) as { msgId: number; body: BusinessBody };
    return active.link.send(msgId, body);
  }

  /** 0x1402 for each alarm that starts, to the platforms its vehicle is forwarded to; kept in the backlog while no link is up. */
  private async forwardAlarms(alarms: AlarmEvent[]): Promise<void> {
    await this.whenReady();
    const held = new Map<number, ForwardBacklog[]>();
    for (const alarm of alarms) {
      if (alarm.endedAt && alarm.endedAt !== alarm.startedAt) continue;
      const vehicle = this.registry.find(alarm);
      if (!vehicle) continue;
      for (const active of this.targetsOf(vehicle.vehicleId, this.links.platformsFor(vehicle))) {
        const warnTime = Math.floor(alarm.startedAt / 1000);
        const warnType = WARN_TYPES[alarm.type] ?? 0x000e;
        const content = `${alarm.type} ${alarm.speedKmh} km/h`;
        const data =
          active.platform.edition === '2019'
            ? { sourcePlatformId: active.platform.platformCode, warnType, warnTime, startTime: warnTime, endTime: 0, vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, destinationPlatformId: '', drvLineId: 0, infoContent: content }
            : { warnSrc: alarm.source === 'terminal' ? 1 : 2, warnType, warnTime, infoId: (this.infoId = (this.infoId + 1) >>> 0), infoContent: content };
        const id = active.platform.id;
        if (!this.draining.has(id) && !held.has(id) && active.link.online && (await active.link.send(0x1400, { vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, dataType: 0x1402, data }))) continue;
        const rows = held.get(id) ?? [];
        rows.push(this.backlog.create({ platformId: id, kind: 'alarm', vehicleNo: vehicle.plateCode, vehicleColor: vehicle.plateColor, position: JSON.stringify(data), gpsTimeS: warnTime }));
        held.set(id, rows);
      }
    }
    for (const [platformId, rows] of held) await this.hold(platformId, rows);
  }
}
