import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { canonicalTerminalPhone } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import type { Jt1078Packet } from '@openfleet/jt1078';
import { RateLimitedLog } from '@openfleet/service-kit';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { VideoDirectory } from '../registry/video-directory';
import { MediaStream, type StreamOwner } from './media-stream';

/** How long a playback request waits for the terminal's media link before the next new link of the channel counts as live again. */
const PLAYBACK_LINK_WAIT_MS = 30_000;

export type CloseReason = 'idle' | 'terminal' | 'admin' | 'expired';

/** The stream key of a vehicle channel: live `<phone>-<channel>`, playback `<phone>-<channel>-pb`. */
export function streamKeyOf(terminalPhone: string, channel: number, kind: 'live' | 'playback'): string {
  return `${canonicalTerminalPhone(terminalPhone)}-${channel}${kind === 'playback' ? '-pb' : ''}`;
}

/**
 * Every stream this instance serves. A stream exists from the moment an operator opens it (so the
 * browser can attach and wait) until nobody has watched it for VIDEO_IDLE_S, its media link stays
 * silent, or an administrator ends it; then `onClosed` tells the signalling to stop the terminal
 * (0x9102 / 0x9202), to save the vehicle's mobile data.
 */
@Injectable()
export class StreamHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('VideoStreams');
  private readonly log = new RateLimitedLog(this.logger);
  private readonly streams = new Map<string, MediaStream>();
  /** `<phone>-<channel>` -> when a playback was requested: the channel's next new link is that playback. */
  private readonly awaitingPlayback = new Map<string, number>();
  private sweeper?: NodeJS.Timeout;
  /** Set by the signalling: stop the terminal side of a closed stream. */
  onClosed?: (stream: MediaStream, reason: CloseReason) => void;
  /** Set by the traffic recorder: a stream's unsaved bytes before it goes. */
  onRetire?: (stream: MediaStream) => void;
  /** Set by talk-back: takes a new media link (by its first packet) that a talk session waits for, with a way to write down it; undefined leaves it to streamForLink. */
  claimLink?: (packet: Jt1078Packet, downlink: ((bytes: Buffer) => void) | undefined, now: number) => MediaStream | undefined;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly directory: VideoDirectory,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => this.sweep(Date.now()), 1000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    for (const stream of this.streams.values()) stream.close('terminal');
    this.streams.clear();
  }

  get(key: string): MediaStream | undefined {
    return this.streams.get(key);
  }

  all(): MediaStream[] {
    return [...this.streams.values()];
  }

  /**
   * 3010 when VIDEO_MAX_LINKS streams are open besides `key` (each takes one terminal media link): the
   * operator hears it before a terminal is told to stream into a link the server would refuse.
   */
  assertRoom(key: string): void {
    let open = 0;
    for (const stream of this.streams.values()) if (!stream.closed && stream.key !== key) open++;
    if (open >= this.config.VIDEO_MAX_LINKS) throw new AppError(ErrorCode.VIDEO_CONCURRENCY_LIMIT, { data: { max: this.config.VIDEO_MAX_LINKS } });
  }

  /** The stream an operator opened (an existing live one is shared: one terminal stream, many viewers). */
  open(owner: StreamOwner, now = Date.now()): MediaStream {
    const key = streamKeyOf(owner.terminalPhone, owner.channel, owner.kind);
    const existing = this.streams.get(key);
    if (existing && !existing.closed && owner.kind === 'live') return existing;
    if (existing) this.retire(existing, 'terminal');
    if (owner.kind === 'playback') this.awaitingPlayback.set(streamKeyOf(owner.terminalPhone, owner.channel, 'live'), now);
    const stream = new MediaStream(key, owner, now, { speechCodec: this.config.VIDEO_SPEECH_CODEC });
    this.streams.set(key, stream);
    return stream;
  }

  /**
   * The stream a new media link's first packet belongs to: the playback of the channel when one
   * was just requested, else its live stream. A link from a SIM no provisioned terminal has is
   * refused (undefined); a registered terminal streaming unasked gets a stream that idles out.
   */
  streamForLink(sim: string, channel: number, now = Date.now()): MediaStream | undefined {
    const liveKey = streamKeyOf(sim, channel, 'live');
    const playbackAt = this.awaitingPlayback.get(liveKey);
    if (playbackAt !== undefined && now - playbackAt < PLAYBACK_LINK_WAIT_MS) {
      this.awaitingPlayback.delete(liveKey);
      const playback = this.streams.get(streamKeyOf(sim, channel, 'playback'));
      if (playback && !playback.closed) return playback;
    }
    const live = this.streams.get(liveKey);
    if (live && !live.closed) return live;
    const vehicle = this.directory.vehicleBySim(sim);
    if (!vehicle) {
      this.log.write('warn', `media link from SIM ${sim}: no provisioned terminal has it, refused`);
      return undefined;
    }
    const terminalPhone = canonicalTerminalPhone(sim);
    return this.open({ vehicleId: vehicle.vehicleId, plateCode: vehicle.plateCode, companyId: vehicle.companyId, terminalPhone, channel, kind: 'live', streamType: 0, dataType: 0, openedBy: '' }, now);
  }

  /** Ends a stream: viewers are told why, the terminal is told to stop. */
  close(key: string, reason: CloseReason): boolean {
    const stream = this.streams.get(key);
    if (!stream) return false;
    this.retire(stream, reason);
    return true;
  }

  /** Idle streams and silent links are closed. */
  sweep(now: number): void {
    const idleMs = this.config.VIDEO_IDLE_S * 1000;
    const silentMs = this.config.VIDEO_LINK_TIMEOUT_S * 1000;
    for (const stream of [...this.streams.values()]) {
      if (stream.idleSince !== undefined && now - stream.idleSince >= idleMs) this.retire(stream, 'idle');
      else if (now - Math.max(stream.lastPacketAt, stream.startedAt) >= silentMs) this.retire(stream, 'terminal');
    }
  }

  private retire(stream: MediaStream, reason: CloseReason): void {
    if (this.streams.get(stream.key) === stream) this.streams.delete(stream.key);
    this.onRetire?.(stream);
    const wasOpen = !stream.closed;
    stream.close(reason);
    if (wasOpen) {
      this.logger.log(`stream ${stream.key} closed (${reason}) after ${Math.round((Date.now() - stream.startedAt) / 1000)} s, ${stream.bytesIn} bytes`);
      this.onClosed?.(stream, reason);
    }
  }
}
