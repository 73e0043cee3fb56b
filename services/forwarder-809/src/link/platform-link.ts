import { ErrorCode } from '@openfleet/errors';
import { LOGIN_RESULTS, type BusinessBody, type Jt809CipherKeys, type Jt809Edition } from '@openfleet/jt809';
import { connect } from 'node:net';
import { Jt809Connection, type Jt809Message } from './jt809-connection';

export interface PlatformLinkSettings {
  platformId: number;
  edition: Jt809Edition;
  mainIp: string;
  mainPort: number;
  slaveIp: string;
  slavePort: number;
  userId: number;
  password: string;
  accessCode: number;
  keys: Jt809CipherKeys;
  encrypt: boolean;
  keepAliveS: number;
  autoReconnect: boolean;
}

export type MainState = 'stopped' | 'connecting' | 'logging-in' | 'online' | 'refused' | 'waiting';

/** What `superiorPlatformM` and `platform` show for a link. */
export interface LinkStatus {
  platformId: number;
  main: MainState;
  slave: 'online' | 'offline';
  lastError: string;
  /** The last 0x1002 result (-1 none yet). */
  loginResult: number;
  /**
   * Why the main link is not up, as a catalogue code: 3114 the superior could not be reached (TCP
   * refused, unreachable, reset before login), 3115 it refused our 0x1001 or did not answer it; 0 online or never tried.
   */
  errorCode: number;
  onlineSince: number;
  reconnects: number;
  sent: number;
  badFrames: number;
}

export interface LinkEvents {
  onMessage: (link: PlatformLink, message: Jt809Message) => void;
  /** Both links down → up: the owner drains the backlog. */
  onOnline: (link: PlatformLink) => void;
  log: (level: 'info' | 'warn', message: string) => void;
  /** The main link logged in (a new verify code for the slave link). */
  onLogin?: (link: PlatformLink) => void;
  /** Every frame of both links, for the frame archive. */
  onFrame?: (link: PlatformLink, direction: 'up' | 'down', frame: Buffer, error?: string) => void;
}

const LOGIN_TIMEOUT_MS = 10_000;

/**
 * The two links to one superior platform. Main link: we connect and log in (0x1001 → 0x1002),
 * keep it alive (0x1005/0x1006), log out on stop (0x1003) and reconnect with backoff when it
 * drops. Slave link: the superior connects to our listener and logs in with the verify code of
 * our last 0x1002 (see SlaveLinkServer). Data goes over the main link, else over the slave link.
 */
export class PlatformLink {
  private main?: Jt809Connection;
  private slave?: Jt809Connection;
  private timer?: NodeJS.Timeout;
  /** Whether the current main-link attempt reached the superior (TCP connected). */
  private reached = false;
  private keepAlive?: NodeJS.Timeout;
  private lastHeard = 0;
  private backoffMs: number;
  private stopped = true;
  private loginWaiter?: (result: number) => void;
  private lastVerifyCode = 0;
  verifyCode = 0;
  readonly status: LinkStatus;

  constructor(
    public settings: PlatformLinkSettings,
    private readonly events: LinkEvents,
    private readonly backoff: { minMs: number; maxMs: number },
  ) {
    this.backoffMs = backoff.minMs;
    this.status = { platformId: settings.platformId, main: 'stopped', slave: 'offline', lastError: '', loginResult: -1, errorCode: 0, onlineSince: 0, reconnects: 0, sent: 0, badFrames: 0 };
  }

  /** A frame of the main or slave link to the frame archive. */
  captureFrame(direction: 'up' | 'down', frame: Buffer, error?: string): void {
    this.events.onFrame?.(this, direction, frame, error);
  }

  /** Data may go out: this replica holds the platform's lease (the link is started) and a link is up. */
  get online(): boolean {
    return !this.stopped && (this.status.main === 'online' || this.status.slave === 'online');
  }

  /** Started: this replica holds the platform's lease and runs its main link. */
  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connectMain();
    // A slave link this replica already held (accepted while another replica owned the platform) carries data at once.
    if (this.online) this.events.onOnline(this);
  }

  /** Logs out (0x1003, waiting briefly for 0x1004) and closes both links; no reconnect. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.keepAlive);
    const main = this.main;
    if (main?.open && this.status.main === 'online') {
      await Promise.race([main.sendLink(0x1003, { userId: this.settings.userId, password: this.settings.password }).catch(() => 0), new Promise((resolve) => setTimeout(resolve, 500))]);
    }
    main?.close();
    this.slave?.close();
    this.main = undefined;
    this.slave = undefined;
    this.status.main = 'stopped';
    this.status.slave = 'offline';
  }

  /**
   * Cuts both links at once, without 0x1003: what the superior sees when our process dies. Used when
   * the lease ran out before it could be renewed (another replica may already hold the platform, so
   * nothing more may go out from here) and by the failover test in place of a kill.
   */
  abandon(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.keepAlive);
    this.main?.close();
    this.slave?.close();
    this.main = undefined;
    this.slave = undefined;
    this.status.main = 'stopped';
    this.status.slave = 'offline';
  }

  /** Sends a business message over the main link, else the slave link; false when neither is up. */
  async send(msgId: number, body: BusinessBody): Promise<boolean> {
    if (this.stopped) return false;
    const link = this.status.main === 'online' && this.main?.open ? this.main : this.status.slave === 'online' && this.slave?.open ? this.slave : undefined;
    if (!link) return false;
    try {
      await link.sendBusiness(msgId, body);
      this.status.sent++;
      return true;
    } catch {
      return false;
    }
  }

  /** The slave-link server hands over a connection whose 0x9001 carried our verify code. */
  attachSlave(connection: Jt809Connection): void {
    const wasOnline = this.online;
    this.slave?.close();
    this.slave = connection;
    this.status.slave = 'online';
    connection.socket.on('close', () => {
      if (this.slave !== connection) return;
      this.slave = undefined;
      this.status.slave = 'offline';
      this.events.log('warn', `platform ${this.settings.platformId}: slave link closed`);
    });
    // On a replica without the lease the slave link only receives (duty checks, requests); the owner sends.
    if (!wasOnline && this.online) this.events.onOnline(this);
  }

  /** Messages of the slave link pass through here like those of the main link. */
  handle(connection: Jt809Connection, message: Jt809Message): void {
    this.lastHeard = Date.now();
    if (connection === this.main) {
      if (message.msgId === 0x1002) {
        // The verify code the superior will present when it opens the slave link.
        this.lastVerifyCode = Number(message.link?.verifyCode ?? 0);
        return this.loginWaiter?.(Number(message.link?.result ?? 6));
      }
      if (message.msgId === 0x1006 || message.msgId === 0x1004) return;
      if (message.msgId === 0x9008) {
        this.events.log('warn', `platform ${this.settings.platformId}: the superior closes the link (reason ${String(message.link?.reasonCode)})`);
        return;
      }
    }
    if (connection === this.slave) {
      if (message.msgId === 0x9005) return void connection.sendLink(0x9006).catch(() => undefined);
      if (message.msgId === 0x9003) {
        void connection.sendLink(0x9004).catch(() => undefined);
        return;
      }
      if (message.msgId === 0x9007 || message.msgId === 0x9008) return;
    }
    this.events.onMessage(this, message);
  }

  private connectMain(): void {
    if (this.stopped) return;
    const { mainIp, mainPort, edition, accessCode, keys, encrypt } = this.settings;
    // After a refused login the link keeps showing 'refused' while it retries, so the operator sees
    // why it is down rather than a flicker of 'connecting'; reaching the superior again clears it.
    if (this.status.main !== 'refused') this.status.main = 'connecting';
    this.reached = false;
    const socket = connect({ host: mainIp, port: mainPort });
    socket.setNoDelay(true);
    const connection = new Jt809Connection(socket, {
      edition,
      centerId: accessCode,
      keys,
      encrypt,
      onMessage: (message) => this.handle(connection, message),
      onFrame: (direction, frame, error) => this.captureFrame(direction, frame, error),
      onBadFrame: (error) => {
        this.status.badFrames++;
        this.events.log('warn', `platform ${this.settings.platformId}: bad frame on the main link: ${error.message}`);
      },
      onError: (error) => {
        this.status.lastError = error.message;
        // Before the login started the superior was not reached at all.
        if (!this.reached) {
          this.status.errorCode = ErrorCode.SUPERIOR_PLATFORM_CONNECT_FAILED;
          this.status.main = 'connecting';
        }
        this.events.log('warn', `platform ${this.settings.platformId}: main link: ${error.message}`);
      },
    });
    this.main = connection;
    socket.once('connect', () => {
      this.reached = true;
      void this.login(connection).catch((error: Error) => {
        this.events.log('warn', `platform ${this.settings.platformId}: login failed: ${error.message}`);
        connection.close();
      });
    });
    socket.once('close', () => this.mainClosed(connection));
  }

  private async login(connection: Jt809Connection): Promise<void> {
    if (this.status.main !== 'refused') this.status.main = 'logging-in';
    const { userId, password, slaveIp, slavePort, accessCode } = this.settings;
    const result = await new Promise<number>((resolve) => {
      const timeout = setTimeout(() => resolve(-1), LOGIN_TIMEOUT_MS);
      this.loginWaiter = (code) => {
        clearTimeout(timeout);
        resolve(code);
      };
      connection.sendLink(0x1001, { userId, password, downLinkCenterId: accessCode, downLinkIp: slaveIp, downLinkPort: slavePort }).catch(() => resolve(-1));
    });
    this.loginWaiter = undefined;
    if (connection !== this.main) return;
    this.status.loginResult = result;
    if (result !== 0) {
      this.status.main = 'refused';
      this.status.errorCode = ErrorCode.SUPERIOR_PLATFORM_LOGIN_FAILED;
      this.status.lastError = result < 0 ? 'no login answer' : `login refused: ${LOGIN_RESULTS[result] ?? result}`;
      this.events.log('warn', `platform ${this.settings.platformId}: ${this.status.lastError}`);
      connection.close();
      return;
    }
    this.verifyCode = this.lastVerifyCode;
    this.events.onLogin?.(this);
    const wasOnline = this.online;
    this.status.main = 'online';
    this.status.onlineSince = Date.now();
    this.status.lastError = '';
    this.status.errorCode = 0;
    this.backoffMs = this.backoff.minMs;
    this.lastHeard = Date.now();
    this.events.log('info', `platform ${this.settings.platformId}: main link online`);
    clearInterval(this.keepAlive);
    const periodMs = Math.max(1, this.settings.keepAliveS) * 1000;
    this.keepAlive = setInterval(() => {
      if (Date.now() - this.lastHeard > periodMs * 3) {
        this.status.lastError = 'keep-alive timed out';
        connection.close();
        return;
      }
      void connection.sendLink(0x1005).catch(() => undefined);
    }, periodMs);
    if (!wasOnline) this.events.onOnline(this);
  }

  private mainClosed(connection: Jt809Connection): void {
    if (connection !== this.main) return;
    clearInterval(this.keepAlive);
    this.main = undefined;
    const wasOnline = this.status.main === 'online';
    if (this.status.main !== 'refused') this.status.main = 'waiting';
    if (wasOnline) {
      this.events.log('warn', `platform ${this.settings.platformId}: main link closed${this.status.lastError ? ` (${this.status.lastError})` : ''}`);
      // 0x1007 on the slave link: the superior learns the main link is down (error 0x00) and data now comes this way.
      if (this.status.slave === 'online') void this.slave?.sendLink(0x1007, { errorCode: 0 }).catch(() => undefined);
    }
    if (this.stopped) {
      this.status.main = 'stopped';
      return;
    }
    if (!this.settings.autoReconnect) return;
    this.status.reconnects++;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoff.maxMs, this.backoffMs * 2);
    this.timer = setTimeout(() => this.connectMain(), wait);
  }
}
