import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import { warmPlaceIndex } from '@openfleet/geo';
import { HubCommand, HubEvent, Topics, type ClientToServerEvents, type DashboardPayload, type LiveSubscribeAck, type ServerToClientEvents } from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS, loadConfig, PROCESS_ENV } from '@openfleet/service-kit';
import type { Server as IoServer, Socket as IoSocket } from 'socket.io';
import { DashboardAggregator } from './dashboard-aggregator';
import { DashboardConfig } from './dashboard-config';
import type { DashboardScope } from './dashboard-figures';
import { energyFiguresOf } from './energy-figures';

type Server = IoServer<ClientToServerEvents, ServerToClientEvents>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents>;

/** What a following socket keeps: its scope and the key that shares one sum among sockets of the same scope. */
interface DashboardFollower {
  scope: DashboardScope;
  key: string;
}

export function scopeKeyOf(user: AuthUser): string {
  return user.superAdmin ? '*' : `${[...user.scope.companies].sort().join(',')}|${[...user.scope.fleets].sort().join(',')}`;
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
  /** CPU time of the last push's aggregation, ms (bench:dashboard, logs). */
  lastAggregationMs = 0;
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly registry: VehicleRegistry,
    @Inject(PROCESS_ENV) env: NodeJS.ProcessEnv,
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
    const follower: DashboardFollower = { scope: { superAdmin: user.superAdmin, companies: new Set(user.scope.companies.map(String)), fleets: new Set(user.scope.fleets.map(String)) }, key: scopeKeyOf(user) };
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
        if (vehicleId) this.aggregator.applyState(vehicleId, state.vehicleStatus === 1, state.speedKmh, state.longitude, state.latitude);
      }),
    ];
    await super.onModuleInit();
    this.aggregator.tick(Date.now(), this.config.DASHBOARD_TREND_STEP_MS);
    this.timer = setInterval(() => this.pushTick(), this.config.DASHBOARD_TICK_MS);
    this.timer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
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
