import { Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { bearerTokenOf, SessionDenyList, TokenService, VehicleRegistry, type AuthUser } from '@openfleet/auth';
import type { EventBus } from '@openfleet/bus';
import {
  HubCommand, HubEvent, maskOrderSecrets, maskSecrets, Topics,
  type ClientToServerEvents, type HubEventName, type InstructionOrderEvent, type LivePosition, type LiveSubscribeAck, type ServerToClientEvents, type TopicDef,
  type ReminderEvent, type NoticePublishedEvent,
} from '@openfleet/contracts';
import { BusConsumer, consume, EVENT_BUS, PROCESS_ENV, loadConfig } from '@openfleet/service-kit';
import type { Server as IoServer, Socket as IoSocket } from 'socket.io';
import { clientFollows, clientSees, liveClientOf, LivePushConfig, PositionCoalescer, type LiveClient } from './live-push';
import { reminderReaches } from './reminder-push';

/** Room names: everything (super administrators), one per company, one per fleet, one per singly granted vehicle. */
export const ALL_ROOM = 'scope:all';
export const companyRoom = (id: string) => `company:${id}`;
export const fleetRoom = (id: string) => `fleet:${id}`;
export const vehicleRoom = (id: string) => `vehicle:${id}`;
/** Every socket of one user: what is the user's own (offline download tasks) goes only there. */
export const userRoom = (id: string) => `user:${id}`;

/** The hub's server and sockets, typed by the one contract the console's client uses too (libs/contracts live/hub-events). */
type Server = IoServer<ClientToServerEvents, ServerToClientEvents>;
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents>;

/** Socket.io event of an offline download task's progress: `ExportTaskEvent`, to its owner only. */
export const EXPORT_TASK_EVENT = HubEvent.exportTask;

interface VehicleEvent {
  terminalPhone?: string;
  vehicleId?: string;
}

/** Socket.io event of the coalesced position push: `LivePosition[]`, at most one per client per tick. */
export const POSITIONS_EVENT = HubEvent.positions;

/** The hub events forwarded one by one from a topic. */
type ForwardedEvent = Exclude<HubEventName, 'positions' | 'exportTask' | 'reminders' | 'notice'>;

/**
 * Bus topics forwarded one by one to the browser, by socket.io event name (positions are coalesced
 * instead), with the view the browser gets: a terminal's reply (0x0104 dial passwords ...) is masked
 * as in the order log, while the bus keeps it whole for the services that act on it.
 */
const FORWARDED: [event: ForwardedEvent, topic: TopicDef<VehicleEvent>, browserView?: (event: VehicleEvent) => VehicleEvent][] = [
  [HubEvent.alarm, Topics.alarm as TopicDef<VehicleEvent>],
  [HubEvent.commandResult, Topics.commandResult as TopicDef<VehicleEvent>, maskSecrets],
  [HubEvent.instructionOrder, Topics.instructionOrder as TopicDef<VehicleEvent>, (event) => maskOrderSecrets(event as InstructionOrderEvent)],
  [HubEvent.fenceEvent, Topics.fenceEvent as TopicDef<VehicleEvent>],
  [HubEvent.terminalSession, Topics.terminalSession as TopicDef<VehicleEvent>],
  [HubEvent.rescueCase, Topics.rescueCase as TopicDef<VehicleEvent>],
];

/**
 * The console's live hub: the access token is checked when the socket connects (auth.token, the
 * `token` query or an Authorization header), the socket joins the rooms of its vehicle scope, and
 * vehicle events from the bus go only to the rooms on that vehicle's company and fleet paths.
 * Positions are coalesced: every LIVE_PUSH_TICK_MS each client gets one `positions` message with the
 * newest position of every changed vehicle it follows (`subscribe` {vehicleIds} or {scope: true}),
 * never one outside its scope.
 */
@WebSocketGateway({ path: '/socket.io' })
export class LiveHubGateway extends BusConsumer implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(LiveHubGateway.name);
  private readonly coalescer = new PositionCoalescer();
  private readonly tickMs: number;
  private tickTimer?: NodeJS.Timeout;
  private stopDenyListener?: () => void;
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    private readonly tokens: TokenService,
    private readonly directory: VehicleRegistry,
    @Inject(PROCESS_ENV) env: NodeJS.ProcessEnv,
    private readonly denyList: SessionDenyList,
  ) {
    super();
    this.tickMs = loadConfig(LivePushConfig, env).LIVE_PUSH_TICK_MS;
  }

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown };
      const token = (typeof auth?.token === 'string' ? auth.token.replace(/^Bearer\s+/i, '') : undefined) ??
        (typeof socket.handshake.query.token === 'string' ? socket.handshake.query.token : undefined) ??
        bearerTokenOf(socket.handshake.headers.authorization);
      if (!token) return next(new Error('401'));
      this.tokens.verify(token).then(
        (user) => {
          socket.data.user = user;
          next();
        },
        () => next(new Error('401')),
      );
    });
    // A socket outlives the check at connect: the sockets of a revoked session are closed.
    this.stopDenyListener = this.denyList.onRevoked(({ sessionId }) => {
      for (const socket of server.sockets.sockets.values()) {
        if ((socket.data.user as AuthUser | undefined)?.sessionId === sessionId) socket.disconnect(true);
      }
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const user = socket.data.user as AuthUser;
    const rooms = [userRoom(String(user.id)), ...(user.superAdmin ? [ALL_ROOM] : [...user.scope.companies.map(companyRoom), ...user.scope.fleets.map(fleetRoom), ...(user.scope.vehicles ?? []).map(vehicleRoom)])];
    socket.data.live = liveClientOf(user);
    await socket.join(rooms);
  }

  /** `subscribe` {vehicleIds: [...]} follows those vehicles (ids or terminal phones), {scope: true} the whole scope. */
  @SubscribeMessage(HubCommand.subscribe)
  subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): LiveSubscribeAck {
    const client = socket.data.live as LiveClient | undefined;
    const request = (typeof body === 'object' && body !== null ? body : {}) as { vehicleIds?: unknown; scope?: unknown };
    const ids = Array.isArray(request.vehicleIds) ? request.vehicleIds.filter((id): id is string => typeof id === 'string' && id.length <= 32) : null;
    if (!client || (request.scope !== true && (!ids || ids.length > 20_000))) {
      this.logger.debug(`bad subscribe from ${socket.id}`);
      return { flag: false, errorCode: 400, data: null };
    }
    client.subscription = request.scope === true ? { kind: 'scope' } : { kind: 'vehicles', ids: new Set(ids) };
    return { flag: true, errorCode: 200, data: { scope: request.scope === true, vehicles: ids?.length ?? 0 } };
  }

  /** Stops every position push to this socket until the next `subscribe`. */
  @SubscribeMessage(HubCommand.unsubscribe)
  unsubscribe(@ConnectedSocket() socket: Socket): LiveSubscribeAck {
    const client = socket.data.live as LiveClient | undefined;
    if (client) client.subscription = { kind: 'vehicles', ids: new Set() };
    return { flag: true, errorCode: 200 };
  }

  // A group per process (perInstance) and topic: every api replica forwards every event to its own
  // sockets. One group per topic because Kafka assigns a group's partitions across all its members
  // whatever they subscribed to (kafkajs), so members of one group on different topics would steal each other's partitions.
  protected consumes() {
    return [
      consume(Topics.position, { group: 'api-live-hub-position', perInstance: true, fromBeginning: false, each: (position) => this.coalescer.offer(position, this.directory.find(position)) }),
      consume(Topics.exportTask, { group: 'api-live-hub-export-task', perInstance: true, fromBeginning: false, each: (task) => void this.server?.to(userRoom(task.ownerId)).emit(EXPORT_TASK_EVENT, task) }),
      consume(Topics.reminders, { group: 'api-live-hub-reminders', perInstance: true, fromBeginning: false, each: (event) => this.pushReminders(event) }),
      consume(Topics.noticePublished, { group: 'api-live-hub-notice', perInstance: true, fromBeginning: false, each: (event) => this.pushNotice(event) }),
      ...FORWARDED.map(([event, topic, browserView]) =>
        consume(topic, { group: `api-live-hub-${event}`, perInstance: true, fromBeginning: false, each: (value) => this.forward(event, browserView ? browserView(value) : value) }),
      ),
    ];
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.tickTimer = setInterval(() => this.pushTick(), this.tickMs);
    this.tickTimer.unref();
  }

  override async onModuleDestroy(): Promise<void> {
    clearInterval(this.tickTimer);
    this.stopDenyListener?.();
    await super.onModuleDestroy();
  }

  /** Emits to the super administrators, to every company/fleet room on the vehicle's paths and to the vehicle's own room. */
  forward(event: ForwardedEvent, payload: VehicleEvent): void {
    if (!this.server) return;
    const vehicle = this.directory.find(payload);
    const rooms = [ALL_ROOM, ...(vehicle ? [...vehicle.companyPath.map(companyRoom), ...vehicle.fleetPath.map(fleetRoom), vehicleRoom(String(vehicle.vehicleId))] : [])];
    if (!vehicle) this.logger.debug(`${event} for unknown vehicle ${payload.terminalPhone ?? payload.vehicleId}: super administrators only`);
    // The topic table above pairs each event with its topic's payload type.
    this.server.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[ForwardedEvent]>));
  }

  /** New reminders (vehicle-service.reminders.v1) to the users of the vehicle's scope who hold a receiving role. */
  pushReminders(event: ReminderEvent): void {
    if (!this.server) return;
    const vehicle = this.directory.find({ vehicleId: event.vehicleId });
    for (const socket of this.server.sockets.sockets.values()) {
      const client = socket.data.live as LiveClient | undefined;
      const user = socket.data.user as AuthUser | undefined;
      if (client && user && reminderReaches(client, user.roleIds ?? [], vehicle, event)) socket.emit(HubEvent.reminders, event);
    }
  }

  /** A press release (admin.notice-published.v1) to the sockets of each user it was published to, without the user list. */
  pushNotice({ userIds, ...notice }: NoticePublishedEvent): void {
    if (!this.server || !userIds.length) return;
    this.server.to(userIds.map(userRoom)).emit(HubEvent.notice, notice);
  }

  /** One tick: each client gets one message with every changed vehicle it follows and may see. */
  pushTick(): void {
    if (!this.server) return;
    const changes = this.coalescer.drain();
    if (!changes.length) return;
    for (const socket of this.server.sockets.sockets.values()) {
      const client = socket.data.live as LiveClient | undefined;
      if (!client) continue;
      const batch: LivePosition[] = [];
      for (const change of changes) if (clientFollows(client, change.position) && clientSees(client, change.vehicle)) batch.push(change.position);
      if (batch.length) socket.emit(POSITIONS_EVENT, batch);
    }
  }
}
