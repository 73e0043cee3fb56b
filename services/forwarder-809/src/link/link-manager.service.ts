import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import type { Jt809Edition } from '@openfleet/jt809';
import type { EventBus } from '@openfleet/bus';
import { EVENT_BUS, PLATFORM_CONFIG, RateLimitedLog, RawFrameCapture, type PlatformConfig } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { UpperPlatformService } from '../platform/upper-platform.service';
import type { ForwardTarget, UpperPlatform } from '../platform/upper-platform.entity';
import type { Jt809Message } from './jt809-connection';
import { LinkLease } from './link-lease';
import { PlatformLink, type LinkStatus } from './platform-link';
import { SlaveLinkServer, slaveLinkLimits } from './slave-link-server';

/** A platform as the forwarder uses it: its links, its row and its forwarding group. */
export interface ActivePlatform {
  link: PlatformLink;
  platform: UpperPlatform;
  companies: Set<string>;
  vehicles: Set<string>;
}

/** How long a slave login with an unknown verify code waits for the holder to publish its code. */
const SLAVE_CODE_WAIT_MS = 300;

/** A platform's status with the replica that holds its links. */
export type HeldLinkStatus = LinkStatus & { holder: string };

/**
 * Knows every enabled platform and runs the links of those whose lease this replica holds
 * (`LinkLease`): every `FORWARDER_809_LEASE_RENEW_S` it renews its leases, claims free or expired
 * ones and starts their links, stops the links of any it lost, and reloads the platforms when
 * another replica changed them. Our slave-link listener runs on every replica. Restarts a
 * platform's links when it changes.
 */
@Injectable()
export class LinkManager implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly active = new Map<number, ActivePlatform>();
  private readonly messageListeners: ((active: ActivePlatform, message: Jt809Message) => void | Promise<void>)[] = [];
  private readonly onlineListeners: ((active: ActivePlatform) => void | Promise<void>)[] = [];
  private readonly slaveServer = new SlaveLinkServer(
    () => [...this.active.values()].map((a) => a.link),
    (level, message) => this.log.write(level, message),
    () => this.refreshVerifyCodes(),
  );
  private reloading: Promise<void> = Promise.resolve();
  private markLoaded!: () => void;
  /** Resolves once the platforms have been read from the database (the first load that succeeded). */
  readonly loaded: Promise<void> = new Promise((resolve) => (this.markLoaded = resolve));
  private readonly lease: LinkLease;
  private readonly renewMs: number;
  /** `performance.now()` before which this replica may act for each platform it holds. */
  private readonly ownedUntil = new Map<number, number>();
  /** What the holder of each platform published with its lease. */
  private readonly held = new Map<number, { holder: string; status: string }>();
  private renewTimer?: NodeJS.Timeout;
  private fingerprint = '';
  slavePort = 0;

  /** Every frame of every link, for the frame archive. */
  private readonly raw: RawFrameCapture;

  constructor(
    private readonly platforms: UpperPlatformService,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
    @InjectDataSource('forwarder_809') db: DataSource,
  ) {
    this.lease = new LinkLease(db, `${platform.INSTANCE_ID}:${randomUUID().slice(0, 8)}`, config.FORWARDER_809_LEASE_TTL_S * 1000);
    this.renewMs = Math.min(config.FORWARDER_809_LEASE_RENEW_S * 1000, Math.floor(this.lease.ttlMs / 3));
    this.raw = new RawFrameCapture({ bus, gatewayId: `${platform.INSTANCE_ID}:jt809`, limit: 20_000, enabled: config.FORWARDER_809_RAW_CAPTURE, protocol: 'jt809', logger: this.logger });
  }

  onMessage(listener: (active: ActivePlatform, message: Jt809Message) => void | Promise<void>): void {
    this.messageListeners.push(listener);
  }

  onOnline(listener: (active: ActivePlatform) => void | Promise<void>): void {
    this.onlineListeners.push(listener);
  }

  /** Listeners run inside socket events: a throw or a rejection is logged, never left to crash the process. */
  private notify(active: ActivePlatform, what: string, call: () => void | Promise<void>): void {
    const failed = (error: unknown) => this.log.write('warn', `platform ${active.platform.id}: ${what} listener failed: ${(error as Error)?.message ?? String(error)}`);
    try {
      const result = call();
      if (result instanceof Promise) result.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    this.slavePort = await this.slaveServer.listen(this.config.FORWARDER_809_SLAVE_PORT, this.config.FORWARDER_809_SLAVE_LISTEN_HOST, slaveLinkLimits(this.config));
    this.platforms.onChange(() => this.reload());
    await this.renew();
    this.renewTimer = setInterval(() => {
      this.fence();
      void this.renew();
    }, this.renewMs);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.renewTimer);
    await this.reloading;
    // Links first (0x1003), then the leases: another replica takes over at once, never alongside us.
    await Promise.all([...this.active.values()].map((a) => a.link.stop()));
    await Promise.all([...this.ownedUntil.keys()].map((id) => this.lease.release(id).catch((error: Error) => this.log.write('warn', `platform ${id}: lease not released: ${error.message}`))));
    this.ownedUntil.clear();
    this.active.clear();
    await this.slaveServer.close();
    await this.raw.drain();
  }

  /**
   * What a killed process leaves behind: every link cut without 0x1003, no lease released (they
   * expire), nothing renewed any more. The failover test uses it in place of a kill.
   */
  abandon(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    for (const active of this.active.values()) active.link.abandon();
    this.ownedUntil.clear();
  }

  /** This replica holds the platform's lease (its links run here). */
  holds(platformId: number): boolean {
    return (this.ownedUntil.get(platformId) ?? 0) > performance.now();
  }

  /** Another replica holds the platform and reported a link up with its last renewal. */
  heldOnlineElsewhere(platformId: number): boolean {
    if (this.holds(platformId)) return false;
    const status = this.heldStatus(platformId);
    return status?.main === 'online' || status?.slave === 'online';
  }

  /** A lease this replica can no longer renew in time: its links stop at once, before anyone else may claim it. */
  private fence(): void {
    const now = performance.now();
    for (const [id, until] of this.ownedUntil) {
      if (until > now) continue;
      this.ownedUntil.delete(id);
      this.log.write('warn', `platform ${id}: link lease not renewed in time, links cut`);
      this.active.get(id)?.link.abandon();
    }
  }

  /** Renews, claims and gives up leases; reloads first when another replica changed the platforms. Serialised with reloads. */
  private renew(): Promise<void> {
    this.reloading = this.reloading
      .then(async () => {
        const fingerprint = await this.platforms.fingerprint();
        if (fingerprint !== this.fingerprint) {
          this.fingerprint = fingerprint;
          await this.doReload();
        }
        for (const active of this.active.values()) await this.claim(active);
      })
      .catch((error: Error) => this.log.write('warn', `link leases: ${error.message}`));
    return this.reloading;
  }

  private async claim(active: ActivePlatform): Promise<void> {
    const id = active.platform.id;
    const link = active.link;
    const claim = await this.lease.claim(id, link.verifyCode, JSON.stringify(link.status));
    this.held.set(id, { holder: claim.holder, status: claim.status });
    if (claim.owned) {
      this.ownedUntil.set(id, claim.ownedUntil);
      if (!link.started) {
        this.log.write('info', `platform ${id}: link lease taken (${this.lease.holder}), links start`);
        link.start();
      }
      return;
    }
    // The holder's verify code: the superior may open the slave link to any replica.
    link.verifyCode = claim.verifyCode;
    if (this.ownedUntil.delete(id) || link.started) {
      this.log.write('warn', `platform ${id}: link lease held by ${claim.holder}, links stop`);
      await link.stop();
    }
  }

  /**
   * A slave login whose code no platform here knows yet: the holder may have logged in on its main
   * link a moment ago (it publishes the code at once), so read the codes again after a short wait.
   */
  private async refreshVerifyCodes(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, SLAVE_CODE_WAIT_MS));
    const codes = await this.lease.verifyCodes();
    for (const active of this.active.values()) {
      const code = codes.get(active.platform.id);
      if (code !== undefined && !this.holds(active.platform.id)) active.link.verifyCode = code;
    }
  }

  /** The holder publishes its new verify code (and status) as soon as the main link is logged in. */
  private publish(active: ActivePlatform): void {
    this.reloading = this.reloading.then(() => (this.active.get(active.platform.id) === active && this.holds(active.platform.id) ? this.claim(active) : undefined)).catch((error: Error) => this.log.write('warn', `link leases: ${error.message}`));
  }

  private heldStatus(platformId: number): LinkStatus | undefined {
    const status = this.held.get(platformId)?.status;
    if (!status) return undefined;
    try {
      return JSON.parse(status) as LinkStatus;
    } catch {
      return undefined;
    }
  }

  all(): IterableIterator<ActivePlatform> {
    return this.active.values();
  }

  byId(platformId: number): ActivePlatform | undefined {
    return this.active.get(platformId);
  }

  /** The link status as the replica that holds the platform reports it (this one's own when it holds it or nobody does). */
  status(platformId: number): HeldLinkStatus | undefined {
    const active = this.active.get(platformId);
    if (!active) return undefined;
    if (this.holds(platformId)) return { ...active.link.status, holder: this.lease.holder };
    const held = this.held.get(platformId);
    const status = this.heldStatus(platformId);
    return status && held ? { ...status, platformId, holder: held.holder } : { ...active.link.status, holder: '' };
  }

  /** The platforms a vehicle is forwarded to: its company (or an ancestor) or the vehicle itself is in their group. */
  platformsFor(vehicle: VehicleRegistryEntry): ActivePlatform[] {
    const out: ActivePlatform[] = [];
    for (const active of this.active.values()) {
      if (active.vehicles.has(vehicle.vehicleId) || vehicle.companyPath.some((id) => active.companies.has(String(id)))) out.push(active);
    }
    return out;
  }

  /** Reads the platforms again; a platform whose settings changed gets new links. Calls are serialised. */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .then(async () => {
        await this.doReload();
        // A new platform's lease is claimed at once, not at the next renewal.
        for (const active of this.active.values()) if (!this.held.has(active.platform.id)) await this.claim(active);
      })
      .catch((error: Error) => this.logger.error(`reload failed: ${error.message}`));
    return this.reloading;
  }

  private async doReload(): Promise<void> {
    const rows = await this.platforms.enabledWithPasswords();
    const seen = new Set<number>();
    for (const { platform, password, targets } of rows) {
      seen.add(platform.id);
      const settings = {
        platformId: platform.id,
        edition: platform.edition as Jt809Edition,
        mainIp: platform.mainIp,
        mainPort: platform.mainPort,
        slaveIp: platform.slaveIp,
        slavePort: platform.slavePort,
        userId: platform.userId,
        password,
        accessCode: platform.accessCode,
        keys: { m1: platform.m1, ia1: platform.ia1, ic1: platform.ic1 },
        encrypt: platform.encrypt === 1,
        keepAliveS: platform.keepAliveS,
        autoReconnect: platform.autoReconnect === 1,
      };
      const existing = this.active.get(platform.id);
      const group = groupOf(targets);
      if (existing && JSON.stringify(existing.link.settings) === JSON.stringify(settings)) {
        Object.assign(existing, { platform }, group);
        continue;
      }
      if (existing) await existing.link.stop();
      const holding = this.holds(platform.id);
      const active: ActivePlatform = { platform, ...group, link: undefined as unknown as PlatformLink };
      active.link = new PlatformLink(
        settings,
        {
          onMessage: (_, message) => this.messageListeners.forEach((listener) => this.notify(active, `0x${message.msgId.toString(16)}`, () => listener(active, message))),
          onOnline: () => this.onlineListeners.forEach((listener) => this.notify(active, 'online', () => listener(active))),
          onLogin: () => this.publish(active),
          log: (level, message) => this.log.write(level, message),
          onFrame: (link, direction, frame, error) => this.raw.record(`809:${link.settings.platformId}`, direction, frame, error),
        },
        { minMs: this.config.FORWARDER_809_RECONNECT_MIN_MS, maxMs: this.config.FORWARDER_809_RECONNECT_MAX_MS },
      );
      this.active.set(platform.id, active);
      // Only the lease holder runs the links; the others start them when they take the lease.
      if (holding) active.link.start();
    }
    for (const [id, active] of this.active) {
      if (seen.has(id)) continue;
      await active.link.stop();
      this.active.delete(id);
      this.held.delete(id);
      if (this.ownedUntil.delete(id)) await this.lease.forget(id).catch(() => undefined);
    }
    this.markLoaded();
  }
}

function groupOf(targets: ForwardTarget[]): { companies: Set<string>; vehicles: Set<string> } {
  return {
    companies: new Set(targets.filter((t) => t.kind === 'company').map((t) => t.refId)),
    vehicles: new Set(targets.filter((t) => t.kind === 'vehicle').map((t) => t.refId)),
  };
}
