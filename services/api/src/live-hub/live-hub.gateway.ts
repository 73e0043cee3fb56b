import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { bearerTokenOf, TokenService, type AuthUser } from '@openfleet/auth';
import type { EventBus, Subscription } from '@openfleet/bus';
import { Topics, type TopicDef } from '@openfleet/contracts';
import { EVENT_BUS } from '@openfleet/service-kit';
import { randomUUID } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { VehicleDirectory } from './vehicle-directory';

/** Room names: everything (super administrators), one per company, one per fleet. */
export const ALL_ROOM = 'scope:all';
export const companyRoom = (id: string) => `company:${id}`;
export const fleetRoom = (id: string) => `fleet:${id}`;

interface VehicleEvent {
  terminalPhone?: string;
  vehicleId?: string;
}

/** Bus topics forwarded to the browser, by socket.io event name. */
const FORWARDED: [event: string, topic: TopicDef<VehicleEvent>][] = [
  ['position', Topics.position as TopicDef<VehicleEvent>],
  ['alarm', Topics.alarm as TopicDef<VehicleEvent>],
  ['commandResult', Topics.commandResult as TopicDef<VehicleEvent>],
  ['terminalSession', Topics.terminalSession as TopicDef<VehicleEvent>],
];

/**
 * The console's live hub: the access token is checked when the socket connects (auth.token, the
 * `token` query or an Authorization header), the socket joins the rooms of its vehicle scope, and
 * vehicle events from the bus go only to the rooms on that vehicle's company and fleet paths.
 */
@WebSocketGateway({ path: '/socket.io' })
export class LiveHubGateway implements OnGatewayInit, OnGatewayConnection, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHubGateway.name);
  private readonly subscriptions: Subscription[] = [];
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly tokens: TokenService,
    private readonly directory: VehicleDirectory,
  ) {}

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
  }

  async handleConnection(socket: Socket): Promise<void> {
    const user = socket.data.user as AuthUser;
    const rooms = user.superAdmin ? [ALL_ROOM] : [...user.scope.companies.map(companyRoom), ...user.scope.fleets.map(fleetRoom)];
    await socket.join(rooms);
  }

  async onModuleInit(): Promise<void> {
    // A group per process: every api replica forwards every event to its own sockets.
    const group = `api-live-hub-${randomUUID()}`;
    for (const [event, topic] of FORWARDED) {
      this.subscriptions.push(
        await this.bus.subscribe(topic, { group, fromBeginning: false, handle: async (messages) => messages.forEach((message) => this.forward(event, message.value)) }),
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.close()));
  }

  /** Emits to the super administrators and to every company/fleet room on the vehicle's paths. */
  forward(event: string, payload: VehicleEvent): void {
    if (!this.server) return;
    const vehicle = this.directory.find(payload);
    const rooms = [ALL_ROOM, ...(vehicle ? [...vehicle.companyPath.map(companyRoom), ...vehicle.fleetPath.map(fleetRoom)] : [])];
    if (!vehicle) this.logger.debug(`${event} for unknown vehicle ${payload.terminalPhone ?? payload.vehicleId}: super administrators only`);
    this.server.to(rooms).emit(event, payload);
  }
}
