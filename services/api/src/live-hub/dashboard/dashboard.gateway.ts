import { Inject } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { warmPlaceIndex } from '@openfleet/geo';
import { chinaDate, HubCommand, HubEvent, Topics, type ClientToServerEvents, type DashboardPayload, type LiveSubscribeAck, type ServerToClientEvents } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS, loadConfig, PROCESS_ENV } from '@openfleet/service-kit';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as IoServer, Socket as IoSocket } from 'socket.io';
import { DashboardAggregator } from './dashboard-aggregator';
import { DashboardConfig } from './dashboard-config';
import type { DashboardScope } from './dashboard-figures';
import { DaySeedLoop, fetchDaySeed, fetchTrendSeed } from './dashboard-seed';
import { energyFiguresOf } from './energy-figures';

type Server = IoServer<ClientToServerEvents, ServerToClientEvents>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents>;

/** What a following socket keeps: its scope and the key that shares one sum among sockets of the same scope. */
/** Who asks tracking and the alarm service for today's figures: the hub itself, with a short-lived token (no session). */
const SEED_USER: AuthUser = { id: '0', companyId: '', userType: 0, roleIds: [], superAdmin: true, scope: { companies: [], fleets: [] } };
const SEED_TOKEN_TTL_S = 300;

interface DashboardFollower {
  scope: DashboardScope;
  key: string;
}

export function scopeKeyOf(user: AuthUser): string {
  if (user.superAdmin) return '*';
  const key = `${[...user.scope.companies].sort().join(',')}|${[...user.scope.fleets].sort().join(',')}`;
  // Single granted vehicles are part of the scope: two users of the same fleets but other vehicles share no sum.
  return user.scope.vehicles?.length ? `${key}|${[...user.scope.vehicles].map(String).sort().join(',')}` : key;
}

/** A user's scope as the aggregator reads it. */
export function dashboardScopeOf(user: AuthUser): DashboardScope {
  const vehicles = user.scope.vehicles?.length ? new Set(user.scope.vehicles.map(String)) : undefined;
  return { superAdmin: user.superAdmin, companies: new Set(user.scope.companies.map(String)), fleets: new Set(user.scope.fleets.map(String)), ...(vehicles ? { vehicles } : {}) };
}

/**
 * The big screen's push (hub event `dashboard`). It lives in the api's hub because the hub already
 * follows, in every replica, what the figures are made of (positions, alarms, the registry and
 * tracking's vehicle states) and knows each socket's scope; see docs/dashboard.md. It shares the
 * hub's socket.io server (same path: Nest gives both gateways one server), so the token check of
 * LiveHubGateway has set `socket.data.user` before any message arrives here.
 */
@WebSocketGateway({ path: '/socket.io' })
export class DashboardGateway extends BusConsumer {
  readonly aggregator = new DashboardAggregator(Date.now());
  private readonly config: DashboardConfig;
  private timer?: NodeJS.Timeout;
  private stopListeners: (() => void)[] = [];
  private seedLoop?: DaySeedLoop;
  /** Set once today's figures of the owning services are in (tests and logs). */
  seededAt = 0;
  /** CPU time of the last push's aggregation, ms (bench:dashboard, logs). */
  lastAggregationMs = 0;
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    @Inject(PROCESS_ENV) env: NodeJS.ProcessEnv,
    private readonly tokens: TokenService,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    super();
    this.config = loadConfig(DashboardConfig, env);
  }

  @SubscribeMessage(HubCommand.dashboard)
  follow(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): LiveSubscribeAck {
    const user = socket.data.user as AuthUser | undefined;
    const follow = typeof body === 'object' && body !== null ? (body as { follow?: unknown }).follow : undefined;
    if (!user || typeof follow !== 'boolean') return { flag: false, errorCode: 400, data: null };
    if (!follow) {
      delete socket.data.dashboard;
      return { flag: true, errorCode: 200 };
    }
    const follower: DashboardFollower = { scope: dashboardScopeOf(user), key: scopeKeyOf(user) };
    socket.data.dashboard = follower;
    // The first figures at once: a wall display that just opened should not wait a tick.
    setImmediate(() => socket.emit(HubEvent.dashboard, this.aggregator.payloadFor(follower.scope, follower.key, Date.now())));
    return { flag: true, errorCode: 200 };
  }

  protected consumes() {
    return [
      consume(Topics.position, {
        group: 'api-dashboard-position', perInstance: true, fromBeginning: false,
        each: (position) => {
          const vehicle = this.registry.find(position);
          if (vehicle) this.aggregator.applyPosition(vehicle.vehicleId, position.longitudeE6 / 1e6, position.latitudeE6 / 1e6, position.speedDkmh / 10, position.hasMileage ? position.mileageHm : undefined, Date.now());
        },
      }),
      consume(Topics.alarm, {
        group: 'api-dashboard-alarm', perInstance: true, fromBeginning: false,
        each: (alarm) => this.aggregator.applyAlarm({ ...alarm, vehicleId: this.registry.find(alarm)?.vehicleId ?? alarm.vehicleId }, Date.now()),
      }),
      consume(Topics.energyReport, {
        group: 'api-dashboard-energy', perInstance: true, fromBeginning: false,
        each: (batch) => {
          for (const report of batch.reports) {
            const figures = report.reissued ? undefined : energyFiguresOf(report);
            if (figures) this.aggregator.applyEnergy(report.vehicleId, figures.chargeState, figures.socPercent);
          }
        },
      }),
    ];
  }

  override async onModuleInit(): Promise<void> {
    // Provinces come from the offline boundary index, loaded in a worker from start (docs/geo.md).
    warmPlaceIndex();
    // The registry applies what it has read so far; listeners take everything after.
    for (const vehicle of this.registry.all()) this.applyVehicleAndState(vehicle.vehicleId);
    this.stopListeners = [
      this.registry.onVehicleChange((current, previous) => this.applyVehicleAndState((current ?? previous)!.vehicleId)),
      this.registry.onStateChange((state) => {
        const vehicleId = state.vehicleId || this.registry.find({ terminalPhone: state.terminalPhone })?.vehicleId;
        // A vehicle with an 808 terminal and a VIN link counts once, by the source the registry picks.
        const source = vehicleId ? (this.registry.stateByVehicleId(vehicleId) ?? state) : state;
        if (vehicleId) this.aggregator.applyState(vehicleId, source.vehicleStatus === 1, source.speedKmh, source.longitude, source.latitude);
      }),
    ];
    await super.onModuleInit();
    this.aggregator.tick(Date.now(), this.config.DASHBOARD_TREND_STEP_MS);
    this.timer = setInterval(() => this.pushTick(), this.config.DASHBOARD_TICK_MS);
    this.timer.unref();
    this.startSeed();
  }

  /**
   * Today's mileage and alarms restart with the process: once this api listens, they are asked of
   * tracking and the alarm service (through the api's own routes, see dashboard-seed.ts) and added
   * to what arrived live meanwhile. Never awaited: a failure is logged and retried.
   */
  private startSeed(): void {
    const http = this.adapterHost.httpAdapter?.getHttpServer() as HttpServer | undefined;
    if (!http) return;
    const stepMs = this.config.DASHBOARD_TREND_STEP_MS;
    this.seedLoop = new DaySeedLoop(async () => {
      const now = Date.now();
      const [baseUrl, token] = [baseUrlOf(http.address() as AddressInfo), await this.tokens.sign(SEED_USER, SEED_TOKEN_TTL_S)];
      // The trend first: applying the day's figures is idempotent, the trend only once per success.
      const gaps = this.aggregator.trendGaps(stepMs, now);
      const online = await fetchTrendSeed(baseUrl, token, stepMs, gaps);
      const seed = await fetchDaySeed(baseUrl, token, chinaDate(now), now);
      if (online) this.aggregator.applyTrendSeed(gaps.day, gaps.steps, online, Date.now());
      this.aggregator.applyDaySeed(seed, Date.now());
      this.seededAt = Date.now();
    }, { first: this.config.DASHBOARD_SEED_RETRY_MS, max: this.config.DASHBOARD_SEED_RETRY_MAX_MS });
    const seedLoop = this.seedLoop;
    if (http.listening) seedLoop.start();
    else http.once('listening', () => seedLoop.start());
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.seedLoop?.stop();
    this.stopListeners.forEach((stop) => stop());
    await super.onModuleDestroy();
  }

  /** One tick: one sum per distinct scope among the following sockets, emitted to each of them. */
  pushTick(now = Date.now()): void {
    const started = process.cpuUsage();
    this.aggregator.tick(now, this.config.DASHBOARD_TREND_STEP_MS);
    if (!this.server) return;
    const payloads = new Map<string, DashboardPayload>();
    for (const socket of this.server.sockets.sockets.values()) {
      const follower = socket.data.dashboard as DashboardFollower | undefined;
      if (!follower) continue;
      let payload = payloads.get(follower.key);
      if (!payload) payloads.set(follower.key, (payload = this.aggregator.payloadFor(follower.scope, follower.key, now)));
      socket.emit(HubEvent.dashboard, payload);
    }
    this.aggregator.retainScopes(new Set(payloads.keys()));
    const used = process.cpuUsage(started);
    this.lastAggregationMs = (used.user + used.system) / 1000;
  }

  private applyVehicleAndState(vehicleId: string): void {
    const vehicle = this.registry.byVehicleId(vehicleId);
    this.aggregator.applyVehicle(vehicleId, vehicle);
    const state = vehicle && this.registry.stateByVehicleId(vehicleId);
    if (state) this.aggregator.applyState(vehicleId, state.vehicleStatus === 1, state.speedKmh, state.longitude, state.latitude);
  }
}

/** The api's own listener, as a client reaches it from this process. */
function baseUrlOf(address: AddressInfo): string {
  const unspecified = address.address === '::' || address.address === '0.0.0.0';
  const host = unspecified ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
