import { decodeFrame, decodeLinkBody, encodeFrame, encodeLinkBody, Jt809Deframer, type Jt809Edition } from '@openfleet/jt809';
import { LinkServer, type Link, type LinkDeframer, type LinkLimits, type LinkProtocol } from '@openfleet/service-kit';
import { ForwarderConfig } from '../forwarder-config';
import { decodeJt809Message, frameErrorCode, Jt809Connection, type Jt809Message } from './jt809-connection';
import type { PlatformLink } from './platform-link';

/** A 0x9001 is a few dozen bytes: an unauthenticated peer may not make us buffer more. */
const HANDSHAKE_MAX_BYTES = 1024;
/** Messages of the slave link are handed on without waiting (nothing of the link waits for the bus). */
const MAX_IN_FLIGHT = 64;
const FRAME_TAIL = 0x5d;

/** A 0x9001 that decoded with a platform's edition and keys. */
interface LoginAttempt {
  platform: PlatformLink;
  verifyCode: number;
}

type SlaveMessage = { login: LoginAttempt[] } | { message: Jt809Message };

interface Session {
  link: Link;
  /** The platform that logged in with our verify code (then frames decode in its edition and keys). */
  platform?: PlatformLink;
  connection?: Jt809Connection;
  /** A login is being checked (frames meanwhile are not logins of their own). */
  checking?: boolean;
}

/**
 * Our slave-link listener on the link server: a superior connects and logs in with 0x9001 carrying
 * the verify code of our last 0x1002. The first 0x9001 is tried against each online platform's
 * edition and keys; the one whose verify code matches owns the link (0x9002 result 0, the link is
 * identified). A 0x9001 that decodes but matches no platform gets 0x9002 result 1 (VERIFY_CODE
 * wrong) and the link is closed. The link server owns the rest: the login deadline, the budgets,
 * the bad-frame streak and the idle timeout (FORWARDER_809_SLAVE_*).
 */
export class SlaveLinkServer implements LinkProtocol<Buffer, SlaveMessage, Session> {
  readonly name = 'jt809-slave';
  /** Created on `listen` (the limits come with the port). */
  linkServer?: LinkServer<Buffer, SlaveMessage, Session>;

  constructor(
    private readonly links: () => Iterable<PlatformLink>,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
    /** Reads the verify codes other replicas published (a login may carry one this replica did not see yet). */
    private readonly refreshCodes?: () => Promise<void>,
  ) {}

  async listen(port: number, host: string, limits: LinkLimits = slaveLinkLimits()): Promise<number> {
    const logger = { warn: (line: string) => this.log('warn', line), error: (line: string) => this.log('warn', line) };
    this.linkServer = new LinkServer(this, { tcp: { port, host }, limits, logger });
    await this.linkServer.listen();
    return this.linkServer.port();
  }

  async close(): Promise<void> {
    await this.linkServer?.close();
  }

  open(link: Link): Session {
    return { link };
  }

  deframer(session: Session): LinkDeframer<Buffer> {
    const handshake = new Jt809Deframer(HANDSHAKE_MAX_BYTES);
    // Bytes after the last frame before the login: the start of the next frame, carried to the full deframer.
    let tail: Buffer = Buffer.alloc(0);
    let full: Jt809Deframer | undefined;
    return {
      push: (chunk) => {
        if (full) return full.push(chunk);
        if (session.platform) {
          full = new Jt809Deframer();
          return full.push(tail.length ? Buffer.concat([tail, chunk]) : chunk);
        }
        const frames = handshake.push(chunk);
        if (handshake.oversizeFrames || handshake.skippedBytes > HANDSHAKE_MAX_BYTES) {
          this.log('warn', `slave link from ${session.link.remoteAddress} dropped: more than ${HANDSHAKE_MAX_BYTES} bytes without a login`);
          session.link.close('oversize', false);
          return [];
        }
        tail = tail.length ? Buffer.concat([tail, chunk]) : chunk;
        const end = tail.lastIndexOf(FRAME_TAIL);
        if (end >= 0) tail = Buffer.from(tail.subarray(end + 1));
        return frames;
      },
    };
  }

  /** Before the login: a 0x9001 of some platform, else a bad frame; after it: in the platform's edition and keys. */
  decode(frame: Buffer, session: Session): SlaveMessage {
    if (session.platform) {
      const { edition, keys } = session.platform.settings;
      const message = decodeJt809Message(frame, edition, keys);
      session.platform.captureFrame('up', frame);
      return { message };
    }
    const login: LoginAttempt[] = [];
    for (const platform of this.links()) {
      const { edition, keys } = platform.settings;
      try {
        const { header, body } = decodeFrame(frame, edition, keys);
        if (header.msgId === 0x9001) login.push({ platform, verifyCode: Number(decodeLinkBody(0x9001, body, edition).verifyCode) });
      } catch {
        // Not this platform's edition or keys: the next one may read it.
      }
    }
    if (!login.length) throw new Error('not a 0x9001 login of any platform');
    return { login };
  }

  handle(session: Session, message: SlaveMessage): void {
    if ('message' in message) return session.platform!.handle(session.connection!, message.message);
    if (session.platform || session.checking) return;
    const match = this.match(message.login);
    if (match || !this.refreshCodes) return this.login(session, message.login, match);
    session.checking = true;
    void this.refreshCodes()
      .catch((error: Error) => this.log('warn', `slave link: verify codes not read: ${error.message}`))
      .then(() => this.login(session, message.login, this.match(message.login)))
      .finally(() => (session.checking = false));
  }

  /** The platform whose verify code the 0x9001 carries: ours from our last 0x1002, or the holder's from its lease. */
  private match(attempts: LoginAttempt[]): LoginAttempt | undefined {
    return attempts.find(({ platform, verifyCode }) => (platform.status.main === 'online' || platform.verifyCode) && verifyCode === platform.verifyCode);
  }

  /** A bad frame after the login counts on the platform's status too. */
  capture(session: Session, frame: Buffer, error: unknown): void {
    if (!session.platform) return;
    session.platform.status.badFrames++;
    session.platform.captureFrame('up', frame, frameErrorCode(error));
  }

  describe(error: unknown, session: Session): string {
    return `${session.platform ? `platform ${session.platform.settings.platformId}: ` : ''}${(error as Error)?.message ?? String(error)}`;
  }

  private login(session: Session, attempts: LoginAttempt[], match: LoginAttempt | undefined): void {
    const { link } = session;
    if (link.closed) return;
    if (!match) {
      this.log('warn', `slave link from ${link.remoteAddress} refused: no platform matches its 0x9001`);
      const edition: Jt809Edition = attempts[0]!.platform.settings.edition;
      link.send(encodeFrame({ edition, msgId: 0x9002, serial: 1, centerId: 0 }, encodeLinkBody(0x9002, { result: 1 }, edition)));
      link.close('auth-failed');
      return;
    }
    // Past FORWARDER_809_SLAVE_MAX_LINKS: closed by the link server.
    if (!link.identify() || !link.socket) return;
    const platform = match.platform;
    const { edition, keys, accessCode, encrypt, platformId } = platform.settings;
    const connection = new Jt809Connection(link.socket, {
      edition,
      centerId: accessCode,
      keys,
      encrypt,
      reads: false,
      onFrame: (direction, frame) => direction === 'down' && platform.captureFrame(direction, frame),
      // Frames come through the link server (bad frames are counted there and in `capture`).
      onMessage: () => undefined,
      onBadFrame: () => undefined,
      onError: (error) => this.log('warn', `platform ${platformId}: slave link: ${error.message}`),
    });
    session.platform = platform;
    session.connection = connection;
    void connection.sendLink(0x9002, { result: 0 }).catch(() => undefined);
    platform.attachSlave(connection);
    this.log('info', `platform ${platformId}: slave link online`);
  }
}

/** The link-server limits of the slave-link port. */
export function slaveLinkLimits(config: ForwarderConfig = new ForwarderConfig()): LinkLimits {
  return {
    identifyWithinMs: config.FORWARDER_809_SLAVE_IDENTIFY_S * 1000,
    idleMs: config.FORWARDER_809_SLAVE_IDLE_S * 1000,
    maxIdentified: config.FORWARDER_809_SLAVE_MAX_LINKS,
    maxUnidentified: config.FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_LINKS,
    maxUnidentifiedPerAddress: config.FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_PER_ADDRESS,
    maxBadFrames: config.FORWARDER_809_SLAVE_MAX_BAD_FRAMES,
    maxInFlight: MAX_IN_FLIGHT,
  };
}
