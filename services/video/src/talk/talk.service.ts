import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { canonicalTerminalPhone, LiveDataType, StreamType, type OpenBroadcastRequest, type OpenTalkRequest, type TalkSessionView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { DataType, type Jt1078Packet } from '@openfleet/jt1078';
import { randomUUID } from 'node:crypto';
import { MEDIA_TOKENS, type MediaTokens } from '../delivery/media-tokens';
import { command, LiveService, owner } from '../live/live.service';
import { MediaAddress } from '../media/media-address';
import { StreamHub } from '../media/stream-hub';
import { StreamOwners } from '../registry/stream-owners';
import { VideoCommands } from '../signalling/video-commands';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { TalkLeg } from './talk-leg';
import { HolderProbe } from '../registry/holder-probe';
import { TalkOrphans, talkStopBody, talkTag } from './talk-orphans';
import { TalkSession } from './talk-session';

/** Where the talk WebSocket answers: `/video/talk/ws/<talkId>?token=<signed>`. */
export const TALK_SOCKET_PATH = '/video/talk/ws/';

/** The key a talk session's media URL is signed for (never a stream key: those have no colon). */
export const talkTokenKey = (talkId: string) => `talk:${talkId}`;

/** One talker per vehicle channel: `<phone>-<channel>`. */
const channelKey = (terminalPhone: string, channel: number) => `${canonicalTerminalPhone(terminalPhone)}-${channel}`;

/** Set on a close one replica forwards to the session's owner: the owner does not forward it again. */
export const TALK_FORWARDED_HEADER = 'x-video-talk-forwarded';

/** How the operator's close reached this replica: the bearer header it carried, and whether another replica forwarded it. */
export interface TalkCloseOrigin {
  authorization?: string;
  forwarded?: boolean;
}

/**
 * Talk-back (0x9101 data type 2) and broadcast (data type 4) from the console. Opening asks the
 * terminal for a media link with 0x9101; the link's first packet (audio, naming the SIM and
 * channel) is claimed here from the media ingest, so the talker's microphone can be written down
 * it and, in a talk, the terminal's audio sent back to the browser. One talker per vehicle channel
 * (3020 for a second); closing sends 0x9102 (4: close talk-back; for a broadcast 0 with close type
 * 1: the channel's audio only, so its video goes on).
 *
 * With several replicas (issue 31) a session lives on the replica that sent its 0x9101, where the
 * terminal's talk link arrives: that replica claims `talk:<talkId>` (the key the talk socket's token
 * is signed for, so the api routes the socket there like a stream's) and each leg's channel,
 * `<phone>-<channel>-talk`, in the stream registry. A channel another replica holds answers 3020; a
 * close landing elsewhere is forwarded to the owner's internal URL with the operator's bearer token.
 * A session whose replica is gone (cannot be reached, or restarted without it) is closed by the
 * replica the close reached, and its channels are taken over by a new talk at once (`TalkOrphans`).
 */
@Injectable()
export class TalkService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('VideoTalk');
  private readonly sessions = new Map<string, TalkSession>();
  /** The leg that holds each vehicle channel. */
  private readonly channels = new Map<string, TalkLeg>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    @Inject(MEDIA_TOKENS) private readonly tokens: MediaTokens,
    private readonly live: LiveService,
    private readonly hub: StreamHub,
    private readonly commands: VideoCommands,
    private readonly address: MediaAddress,
    private readonly owners: StreamOwners,
    private readonly orphans: TalkOrphans,
    private readonly probe: HolderProbe,
  ) {}

  onModuleInit(): void {
    this.hub.claimLink = (packet, downlink) => this.claim(packet, downlink);
    this.probe.holdAlso((key) => this.holds(key));
    // Sessions and channels are reserved here before their registry claim, so a renewal never lets a fresh claim go.
    this.owners.holdAlso(() => [...[...this.sessions.keys()].map(talkTokenKey), ...[...this.channels.values()].map((leg) => leg.key)]);
    this.sweeper = setInterval(() => this.sweep(Date.now()), 1000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    for (const session of this.sessions.values()) session.close('closed');
    this.sessions.clear();
    this.channels.clear();
  }

  async openTalk(user: AuthUser, request: OpenTalkRequest): Promise<TalkSessionView> {
    const session = await this.reserve(user, 'talk');
    try {
      await this.openLeg(session, user, request.vehicleId, request.channel, LiveDataType.TALK);
    } catch (error) {
      await this.unreserve(session);
      throw error;
    }
    return this.view(session);
  }

  /** Every vehicle it can reach is spoken to; the others are listed with their error. None reachable: the first error. */
  async openBroadcast(user: AuthUser, request: OpenBroadcastRequest): Promise<TalkSessionView> {
    const session = await this.reserve(user, 'broadcast');
    const channel = request.channel ?? 1;
    const outcomes = await Promise.allSettled(request.vehicleIds.map((vehicleId) => this.openLeg(session, user, vehicleId, channel, LiveDataType.BROADCAST)));
    const unexpected = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected' && !(outcome.reason instanceof AppError));
    if (unexpected || !session.legs.length) {
      await this.end(session, 'closed');
      throw (unexpected ?? (outcomes[0] as PromiseRejectedResult)).reason;
    }
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'rejected') session.failed.push({ vehicleId: request.vehicleIds[index], plateCode: '', channel, errorCode: (outcome.reason as AppError).errorCode });
    });
    return this.view(session);
  }

  /**
   * The talker ends the session: 0x9102 to each terminal, links dropped. A session another replica
   * owns is closed there: the close is forwarded to its internal URL with the caller's bearer token.
   * A session whose replica is gone is closed here from its registry rows (`TalkOrphans.close`).
   */
  async close(user: AuthUser, talkId: string, origin: TalkCloseOrigin = {}): Promise<void> {
    const session = this.sessions.get(talkId);
    if (session && session.userId === user.id) return this.end(session, 'closed');
    if (session || origin.forwarded) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: talkId });
    // Lease running or not: a dead owner's row stays until someone ends it.
    const row = await this.owners.rowOf(talkTokenKey(talkId));
    if (!row) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: talkId });
    if (row.replicaId !== this.owners.replicaId && (await this.probe.stillHeld(row))) return this.closeAt(row.internalUrl, talkId, origin.authorization);
    return this.orphans.close(user, talkId, row);
  }

  /** Whether this replica holds a talk key: a session's `talk:<id>` or a channel's `<phone>-<channel>-talk`. */
  holds(key: string): boolean {
    if (key.startsWith('talk:')) return !!this.session(key.slice('talk:'.length));
    const leg = this.channels.get(key.replace(/-talk$/, ''));
    return !!leg && !leg.closed && leg.key === key;
  }

  /** The session a signed talk socket names (the token was checked by the caller). */
  session(talkId: string): TalkSession | undefined {
    const session = this.sessions.get(talkId);
    return session && !session.closed ? session : undefined;
  }

  /** Sessions whose browser left VIDEO_IDLE_S ago are ended; link changes go to the browsers. */
  sweep(now: number): void {
    for (const session of [...this.sessions.values()]) {
      if (!session.peer && now - session.peerlessSince >= this.config.VIDEO_IDLE_S * 1000) void this.end(session, 'idle');
      else session.poll();
    }
  }

  /** A new session, held here and claimed in the registry (its id is fresh: nobody else has it) before any leg opens. */
  private async reserve(user: AuthUser, kind: 'talk' | 'broadcast'): Promise<TalkSession> {
    const session = new TalkSession(randomUUID(), user.id, kind);
    this.sessions.set(session.id, session);
    try {
      const claim = await this.owners.claim(talkTokenKey(session.id), Date.now(), talkTag(session.id, { userId: user.id, kind }));
      if (!claim.mine) throw new Error(`talk session ${session.id} is held by ${claim.owner.replicaId}`);
    } catch (error) {
      await this.unreserve(session);
      throw error;
    }
    return session;
  }

  /** Forgets the session here at once; the promise settles once its registry key is gone too. */
  private unreserve(session: TalkSession): Promise<void> {
    this.sessions.delete(session.id);
    return this.owners.release(talkTokenKey(session.id)).catch(() => undefined);
  }

  private async openLeg(session: TalkSession, user: AuthUser, vehicleId: string, channel: number, dataType: number): Promise<void> {
    const target = this.live.targetChannel(user, vehicleId, channel);
    const key = channelKey(target.terminalPhone, channel);
    const holder = this.channels.get(key);
    if (holder && !holder.closed) throw new AppError(ErrorCode.VIDEO_TALK_CHANNEL_BUSY, { data: { vehicleId, channel } });
    const leg = new TalkLeg(`${key}-talk`, { ...owner(target, user), channel, kind: 'live', streamType: StreamType.MAIN, dataType });
    this.channels.set(key, leg);
    try {
      // One talker per channel across replicas: the channel's registry key, held by another replica, is busy (unless that replica is gone).
      const tag = talkTag(session.id, { userId: user.id, vehicleId, terminalPhone: target.terminalPhone, channel, dataType });
      const claim = await this.owners.claim(leg.key, Date.now(), tag);
      if (!claim.mine && !(await this.orphans.takeOverChannel(leg.key, tag))) throw new AppError(ErrorCode.VIDEO_TALK_CHANNEL_BUSY, { data: { vehicleId, channel } });
    } catch (error) {
      if (this.channels.get(key) === leg) this.channels.delete(key);
      throw error;
    }
    try {
      await this.commands.send({ ...command(target, user), commandType: 'videoLive', msgId: '0x9101', body: { ...this.address.server(), channel, dataType, streamType: StreamType.MAIN } });
    } catch (error) {
      await this.release(leg);
      throw error;
    }
    session.addLeg(leg);
  }

  /** The close of a session another replica owns, sent there; its answer (or 3011 when it died since it answered the probe) is the caller's. */
  private async closeAt(internalUrl: string, talkId: string, authorization: string | undefined): Promise<void> {
    let body: { flag?: boolean; errorCode?: number; data?: unknown } | undefined;
    try {
      const response = await fetch(`${internalUrl}/video/talk/close`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TALK_FORWARDED_HEADER]: '1', ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify({ talkId }),
        // The owner waits for the terminals' 0x9102 answers.
        signal: AbortSignal.timeout((this.config.VIDEO_COMMAND_TIMEOUT_S + 5) * 1000),
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      this.logger.warn(`talk ${talkId}: its replica at ${internalUrl} did not take the close (${(error as Error).message})`);
    }
    if (body?.flag) return;
    throw new AppError(body?.errorCode || ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: talkId });
  }

  /** A new media link whose first packet is audio of a vehicle channel a leg waits for becomes that leg's. */
  private claim(packet: Jt1078Packet, downlink: ((bytes: Buffer) => void) | undefined): TalkLeg | undefined {
    if (packet.dataType !== DataType.AUDIO || !downlink) return undefined;
    const leg = this.channels.get(channelKey(packet.sim, packet.channel));
    if (!leg || leg.closed || leg.linked) return undefined;
    leg.attach(packet.sim, downlink);
    this.logger.log(`talk link of ${leg.owner.plateCode} channel ${leg.owner.channel} (data type ${leg.owner.dataType})`);
    return leg;
  }

  private async end(session: TalkSession, reason: 'closed' | 'idle'): Promise<void> {
    if (session.closed) return;
    const released = [this.unreserve(session)];
    session.close(reason);
    for (const leg of session.legs) released.push(this.release(leg));
    // The keys are gone before the close answers: a talk opened right after, on any replica, finds the channel free.
    await Promise.all([...released, ...session.legs.map((leg) => this.stopTerminal(leg))]);
  }

  private async stopTerminal(leg: TalkLeg): Promise<void> {
    const body = talkStopBody(leg.owner.dataType, leg.owner.channel);
    const target = { vehicleId: leg.owner.vehicleId, terminalPhone: leg.owner.terminalPhone, operatorId: leg.owner.openedBy };
    await this.commands.send({ ...target, commandType: 'videoLiveControl', msgId: '0x9102', body }).catch((error: Error) => this.logger.debug(`0x9102 to ${leg.owner.terminalPhone}: ${error.message}`));
  }

  /** Frees the channel here at once; the promise settles once its registry key is gone too. */
  private release(leg: TalkLeg): Promise<void> {
    const key = channelKey(leg.owner.terminalPhone, leg.owner.channel);
    if (this.channels.get(key) !== leg) return Promise.resolve();
    this.channels.delete(key);
    return this.owners.release(leg.key).catch(() => undefined);
  }

  private view(session: TalkSession): TalkSessionView {
    const { token, expiresAt } = this.tokens.issue(talkTokenKey(session.id), session.userId);
    return { talkId: session.id, kind: session.kind, wsUrl: `${TALK_SOCKET_PATH}${session.id}?token=${encodeURIComponent(token)}`, expiresAt, legs: session.view() };
  }
}
