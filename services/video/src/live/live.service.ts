import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { inScope, type AuthUser } from '@openfleet/auth';
import { LiveControl, LiveDataType, PtzAction, StreamType, type LiveControlRequest, type LiveSessionView, type MediaStreamView, type OpenLiveRequest, type PtzRequest, type VehicleChannelsView } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { StreamUrls } from '../delivery/stream-urls';
import { MediaAddress } from '../media/media-address';
import type { MediaStream } from '../media/media-stream';
import { StreamHub, streamKeyOf, type CloseReason } from '../media/stream-hub';
import { HolderProbe } from '../registry/holder-probe';
import { StreamOwners } from '../registry/stream-owners';
import { VideoDirectory, type VideoTarget } from '../registry/video-directory';
import { VideoCommands } from '../signalling/video-commands';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';

/** A live stream opened but still without media after this long is asked for again. */
const STALE_OPEN_MS = 10_000;

/** 0x9301-0x9306 and the body field each PTZ action sets. */
const PTZ: Record<string, { msgId: string; commandType: string; field: string }> = {
  [PtzAction.ROTATE]: { msgId: '0x9301', commandType: 'ptzRotate', field: 'direction' },
  [PtzAction.FOCUS]: { msgId: '0x9302', commandType: 'ptzFocus', field: 'focus' },
  [PtzAction.IRIS]: { msgId: '0x9303', commandType: 'ptzIris', field: 'iris' },
  [PtzAction.WIPER]: { msgId: '0x9304', commandType: 'ptzWiper', field: 'wiper' },
  [PtzAction.INFRARED]: { msgId: '0x9305', commandType: 'ptzInfrared', field: 'infrared' },
  [PtzAction.ZOOM]: { msgId: '0x9306', commandType: 'ptzZoom', field: 'zoom' },
};

/**
 * Live video: opening a vehicle channel (0x9101 with this server's media address), controlling it
 * (0x9102), PTZ (0x9301-0x9306), the session list and ending sessions. A channel already streaming
 * is shared: a second viewer gets a URL to the same stream and the terminal sends it once.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private lossTimer?: NodeJS.Timeout;
  /** Frames in and lost at a stream's last 0x9105. */
  private readonly lastLoss = new WeakMap<MediaStream, { framesIn: number; framesLost: number }>();

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly directory: VideoDirectory,
    private readonly hub: StreamHub,
    private readonly commands: VideoCommands,
    private readonly address: MediaAddress,
    private readonly urls: StreamUrls,
    private readonly owners: StreamOwners,
    private readonly probe: HolderProbe,
  ) {}

  onModuleInit(): void {
    this.hub.onClosed = (stream, reason) => {
      this.stopTerminal(stream, reason);
      // The registry lets the key go at once, so the next open anywhere claims it instead of being sent here;
      // checked after the current turn, since a new playback replaces the old one under the same key.
      void Promise.resolve()
        .then(() => (this.hub.get(stream.key) ? undefined : this.owners.release(stream.key)))
        .catch(() => undefined);
    };
    if (this.config.VIDEO_LOSS_REPORT_S > 0) {
      this.lossTimer = setInterval(() => this.reportLoss(), this.config.VIDEO_LOSS_REPORT_S * 1000);
      this.lossTimer.unref();
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.lossTimer);
  }

  /** 0x9105 to each connected live stream's terminal: the share of frames lost since the last one (JT/T 1078 table 21, percent). */
  reportLoss(): void {
    for (const stream of this.hub.all()) {
      if (stream.owner.kind !== 'live' || !stream.connected) continue;
      const last = this.lastLoss.get(stream) ?? { framesIn: 0, framesLost: 0 };
      const framesIn = stream.framesIn - last.framesIn;
      const framesLost = stream.framesLost - last.framesLost;
      if (framesIn + framesLost === 0) continue;
      this.lastLoss.set(stream, { framesIn: stream.framesIn, framesLost: stream.framesLost });
      const packetLossRate = Math.round((framesLost / (framesIn + framesLost)) * 100);
      this.commands.fireAndForget({ vehicleId: stream.owner.vehicleId, terminalPhone: stream.owner.terminalPhone, operatorId: 'system', commandType: 'videoLiveStatus', msgId: '0x9105', body: { channel: stream.owner.channel, packetLossRate } });
    }
  }

  channels(user: AuthUser, vehicleId: string): VehicleChannelsView {
    const vehicle = this.directory.vehicleInScope(user, vehicleId);
    const target = this.directory.targetOf(vehicle);
    const count = target?.videoChannels ?? 0;
    return { vehicleId, plateCode: vehicle.plateCode, online: target?.online ?? false, hasVideo: count > 0, channels: Array.from({ length: count }, (_, index) => index + 1) };
  }

  async open(user: AuthUser, request: OpenLiveRequest): Promise<MediaStreamView> {
    const target = this.targetChannel(user, request.vehicleId, request.channel);
    const streamType = request.streamType ?? StreamType.SUB;
    const dataType = request.dataType ?? LiveDataType.AUDIO_VIDEO;
    const key = streamKeyOf(target.terminalPhone, request.channel, 'live');
    const joined = this.joinable(key);
    if (joined) return this.urls.view(joined, user.id);
    this.hub.assertRoom(key);
    // Another replica serving the channel keeps it: its viewers' paths are routed there by key, and the terminal is not asked twice.
    // Unless that replica is gone (killed): then the stream moves here now, not once its lease lapsed.
    const claim = await this.owners.claim(key);
    if (!claim.mine && !(await this.probe.takeOverIfGone(key))) return this.urls.view({ key, owner: { ...owner(target, user), channel: request.channel, kind: 'live' } }, user.id);
    const raced = this.joinable(key);
    if (raced) return this.urls.view(raced, user.id);
    const stream = this.hub.open({ ...owner(target, user), channel: request.channel, kind: 'live', streamType, dataType });
    try {
      await this.commands.send({ ...command(target, user), commandType: 'videoLive', msgId: '0x9101', body: { ...this.address.server(), channel: request.channel, dataType, streamType } });
    } catch (error) {
      if (!stream.connected) this.hub.close(stream.key, 'terminal');
      throw error;
    }
    return this.urls.view(stream, user.id);
  }

  /** The channel's stream here when it can be shared: streaming, or asked for a moment ago. */
  private joinable(key: string): MediaStream | undefined {
    const existing = this.hub.get(key);
    return existing && !existing.closed && (existing.connected || Date.now() - existing.startedAt < STALE_OPEN_MS) ? existing : undefined;
  }

  async control(user: AuthUser, request: LiveControlRequest): Promise<void> {
    const target = this.targetChannel(user, request.vehicleId, request.channel);
    await this.commands.send({
      ...command(target, user),
      commandType: 'videoLiveControl',
      msgId: '0x9102',
      body: { channel: request.channel, command: request.command, closeType: request.closeType ?? 0, switchStreamType: request.switchStreamType ?? 0 },
    });
    if (request.command === LiveControl.CLOSE && !request.closeType) this.hub.close(streamKeyOf(target.terminalPhone, request.channel, 'live'), 'admin');
  }

  async ptz(user: AuthUser, request: PtzRequest): Promise<void> {
    const target = this.targetChannel(user, request.vehicleId, request.channel);
    const ptz = PTZ[request.action];
    if (!ptz) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { action: request.action } });
    const body: Record<string, unknown> = { channel: request.channel, [ptz.field]: request.value };
    if (request.action === PtzAction.ROTATE) body.speed = request.speed ?? 128;
    await this.commands.send({ ...command(target, user), commandType: ptz.commandType, msgId: ptz.msgId, body });
  }

  /** Sessions of vehicles in the caller's scope (realvideoTable). */
  sessions(user: AuthUser): LiveSessionView[] {
    return this.hub
      .all()
      .filter((stream) => this.visible(user, stream))
      .map((stream) => {
        const init = stream.initSegment;
        return {
          streamKey: stream.key,
          vehicleId: stream.owner.vehicleId,
          plateCode: stream.owner.plateCode,
          channel: stream.owner.channel,
          kind: stream.owner.kind,
          streamType: stream.owner.streamType,
          connected: stream.connected,
          viewers: stream.viewerCount,
          videoCodec: init?.videoCodec ?? '',
          audioCodec: init?.audioCodec ?? '',
          width: init?.width ?? 0,
          height: init?.height ?? 0,
          bytesIn: stream.bytesIn,
          framesIn: stream.framesIn,
          malformed: stream.malformed,
          framesLost: stream.framesLost,
          startedAt: stream.startedAt,
          lastPacketAt: stream.lastPacketAt,
          openedBy: stream.owner.openedBy,
        };
      });
  }

  /** An administrator ends a session: viewers are told, the terminal is stopped. */
  endSession(user: AuthUser, streamKey: string): void {
    const stream = this.hub.get(streamKey);
    if (!stream || !this.visible(user, stream)) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: streamKey });
    this.hub.close(streamKey, 'admin');
  }

  /** The vehicle's video side and a channel it has (2005 otherwise). */
  targetChannel(user: AuthUser, vehicleId: string, channel: number): VideoTarget {
    const target = this.directory.target(user, vehicleId);
    if (!(channel >= 1 && channel <= target.videoChannels)) throw new AppError(ErrorCode.VIDEO_CHANNEL_INVALID, { data: { channel, channels: target.videoChannels } });
    return target;
  }

  private visible(user: AuthUser, stream: MediaStream): boolean {
    const vehicle = this.directory.vehicles.byVehicleId(stream.owner.vehicleId);
    return !!vehicle && inScope(user, vehicle);
  }

  /** The terminal stops sending a stream that was closed here (idle, ended, or silent). */
  private stopTerminal(stream: MediaStream, reason: CloseReason): void {
    if (reason === 'terminal' && !stream.connected && stream.lastPacketAt === 0) return;
    const base = { vehicleId: stream.owner.vehicleId, terminalPhone: stream.owner.terminalPhone, operatorId: stream.owner.openedBy || 'system' };
    if (stream.owner.kind === 'live') {
      this.commands.fireAndForget({ ...base, commandType: 'videoLiveControl', msgId: '0x9102', body: { channel: stream.owner.channel, command: LiveControl.CLOSE, closeType: 0, switchStreamType: 0 } });
    } else {
      this.commands.fireAndForget({ ...base, commandType: 'videoPlaybackControl', msgId: '0x9202', body: { channel: stream.owner.channel, control: 2, speed: 0, position: '000000000000' } });
    }
  }
}

export function owner(target: VideoTarget, user: AuthUser) {
  return { vehicleId: target.vehicle.vehicleId, plateCode: target.vehicle.plateCode, companyId: target.vehicle.companyId, terminalPhone: target.terminalPhone, openedBy: user.id };
}

export function command(target: VideoTarget, user: AuthUser) {
  return { vehicleId: target.vehicle.vehicleId, terminalPhone: target.terminalPhone, operatorId: user.id };
}
