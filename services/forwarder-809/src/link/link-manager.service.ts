import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { VehicleRegistryEntry } from '@openfleet/contracts';
import type { Jt809Edition } from '@openfleet/jt809';
import { RateLimitedLog } from '@openfleet/service-kit';
import { FORWARDER_CONFIG, ForwarderConfig } from '../forwarder-config';
import { UpperPlatformService } from '../platform/upper-platform.service';
import type { ForwardTarget, UpperPlatform } from '../platform/upper-platform.entity';
import type { Jt809Message } from './jt809-connection';
import { PlatformLink, type LinkStatus } from './platform-link';
import { SlaveLinkServer, slaveLinkLimits } from './slave-link-server';

/** A platform as the forwarder uses it: its links, its row and its forwarding group. */
export interface ActivePlatform {
  link: PlatformLink;
  platform: UpperPlatform;
  companies: Set<string>;
  vehicles: Set<string>;
}

/** Owns the links of every enabled platform and our slave-link listener; restarts a platform's links when it changes. */
@Injectable()
export class LinkManager implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Forwarder809');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly active = new Map<number, ActivePlatform>();
  private readonly messageListeners: ((active: ActivePlatform, message: Jt809Message) => void | Promise<void>)[] = [];
  private readonly onlineListeners: ((active: ActivePlatform) => void | Promise<void>)[] = [];
  private readonly slaveServer = new SlaveLinkServer(() => [...this.active.values()].map((a) => a.link), (level, message) => this.log.write(level, message));
  private reloading: Promise<void> = Promise.resolve();
  slavePort = 0;

  constructor(
    private readonly platforms: UpperPlatformService,
    @Inject(FORWARDER_CONFIG) private readonly config: ForwarderConfig,
  ) {}

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
    await this.reload();
  }

  async onModuleDestroy(): Promise<void> {
    await this.reloading;
    await Promise.all([...this.active.values()].map((a) => a.link.stop()));
    this.active.clear();
    await this.slaveServer.close();
  }

  all(): IterableIterator<ActivePlatform> {
    return this.active.values();
  }

  byId(platformId: number): ActivePlatform | undefined {
    return this.active.get(platformId);
  }

  status(platformId: number): LinkStatus | undefined {
    return this.active.get(platformId)?.link.status;
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
    this.reloading = this.reloading.then(() => this.doReload()).catch((error: Error) => this.logger.error(`reload failed: ${error.message}`));
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
      const active: ActivePlatform = { platform, ...group, link: undefined as unknown as PlatformLink };
      active.link = new PlatformLink(
        settings,
        {
          onMessage: (_, message) => this.messageListeners.forEach((listener) => this.notify(active, `0x${message.msgId.toString(16)}`, () => listener(active, message))),
          onOnline: () => this.onlineListeners.forEach((listener) => this.notify(active, 'online', () => listener(active))),
          log: (level, message) => this.log.write(level, message),
        },
        { minMs: this.config.FORWARDER_809_RECONNECT_MIN_MS, maxMs: this.config.FORWARDER_809_RECONNECT_MAX_MS },
      );
      this.active.set(platform.id, active);
      active.link.start();
    }
    for (const [id, active] of this.active) {
      if (seen.has(id)) continue;
      await active.link.stop();
      this.active.delete(id);
    }
  }
}

function groupOf(targets: ForwardTarget[]): { companies: Set<string>; vehicles: Set<string> } {
  return {
    companies: new Set(targets.filter((t) => t.kind === 'company').map((t) => t.refId)),
    vehicles: new Set(targets.filter((t) => t.kind === 'vehicle').map((t) => t.refId)),
  };
}
