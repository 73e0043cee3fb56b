import type { ClientToServerEvents, HubEventName, ServerToClientEvents } from '@openfleet/contracts/live';
import { HubCommand } from '@openfleet/contracts/live';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/** The console's end of the api live hub, typed by the contract the hub uses too. */
export type HubSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Connect = (options: Partial<ManagerOptions & SocketOptions>) => HubSocket;
type Listener<E extends HubEventName> = ServerToClientEvents[E];

// A feature leaving and another arriving (tab switch) should not cost a reconnection.
const IDLE_CLOSE_MS = 1000;

/**
 * The tab's one socket to the live hub (traccar-web's SocketController): features subscribe to
 * events through it and never call `io()`. It connects while it has a session token and at least
 * one listener or follower, closes when it has neither, and after every (re)connection asks the hub
 * for the positions of the union of the vehicles its followers want (none: no position push).
 */
export class LiveSocket {
  private socket: HubSocket | null = null;
  private opening = false;
  private token: string | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Map<HubEventName, Set<(...args: never[]) => void>>();
  private readonly followers = new Set<readonly string[]>();
  private dashboardFollowers = 0;

  constructor(private readonly loadConnect: () => Promise<Connect>) {}

  /** The session's access token; a new one reconnects, none disconnects. */
  setToken(token: string | null | undefined): void {
    const next = token || null;
    if (next === this.token) return;
    this.token = next;
    this.close();
    this.update();
  }

  /** Calls `listener` for every `event` until the returned function is called. */
  on<E extends HubEventName>(event: E, listener: Listener<E>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (...args: never[]) => void);
    this.listeners.set(event, set);
    this.update();
    return () => {
      set.delete(listener as (...args: never[]) => void);
      if (!set.size) this.listeners.delete(event);
      this.update();
    };
  }

  /** Asks for the positions of `vehicleIds` (with every other follower's) until the returned function is called. */
  follow(vehicleIds: readonly string[]): () => void {
    const entry = [...vehicleIds];
    this.followers.add(entry);
    this.sendSubscription();
    this.update();
    return () => {
      this.followers.delete(entry);
      this.sendSubscription();
      this.update();
    };
  }

  /** Asks the hub for the big screen's `dashboard` pushes until the returned function is called. */
  followDashboard(): () => void {
    this.dashboardFollowers++;
    this.sendDashboard();
    this.update();
    return () => {
      this.dashboardFollowers--;
      this.sendDashboard();
      this.update();
    };
  }

  /** Whether a socket is open or opening (tests, diagnostics). */
  get active(): boolean {
    return this.socket !== null || this.opening;
  }

  private get wanted(): boolean {
    return this.token !== null && (this.listeners.size > 0 || this.followers.size > 0 || this.dashboardFollowers > 0);
  }

  private update(): void {
    if (this.wanted) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      void this.open();
    } else if (this.active && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (!this.wanted) this.close();
      }, IDLE_CLOSE_MS);
    }
  }

  private async open(): Promise<void> {
    if (this.socket || this.opening) return;
    this.opening = true;
    // socket.io-client is loaded on demand so it never weighs on the sign-in bundle.
    const connect = await this.loadConnect();
    this.opening = false;
    // The token may have changed while loading: the current one is used.
    if (this.socket || !this.wanted) return;
    const socket = connect({ auth: { token: this.token ?? '' }, transports: ['websocket'], reconnectionAttempts: 5 });
    this.socket = socket;
    socket.onAny((event: HubEventName, ...args: unknown[]) => {
      for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args);
    });
    // The hub forgets subscriptions with the socket: ask again after every (re)connection.
    socket.on('connect', () => {
      this.sendSubscription();
      if (this.dashboardFollowers) this.sendDashboard();
    });
  }

  private close(): void {
    this.socket?.disconnect();
    this.socket = null;
  }

  private sendSubscription(): void {
    if (!this.socket?.connected) return;
    const vehicleIds = [...new Set([...this.followers].flat())];
    this.socket.emit(HubCommand.subscribe, { vehicleIds }, () => undefined);
  }

  private sendDashboard(): void {
    if (this.socket?.connected) this.socket.emit(HubCommand.dashboard, { follow: this.dashboardFollowers > 0 }, () => undefined);
  }
}

/** The tab's live socket. */
export const liveSocket = new LiveSocket(() => import('socket.io-client').then(({ io }) => io as Connect));
