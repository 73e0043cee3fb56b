import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { PlaybackControl, toBcdTime, VIDEO_QUERY_MAX_DAYS, type MediaStreamView, type OpenPlaybackRequest, type PlaybackControlRequest, type ResourceItem, type ResourceQueryRequest } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { formatCst, parseTimeParam, queryWindow } from '@openfleet/service-kit';
import { StreamUrls } from '../delivery/stream-urls';
import { MediaAddress } from '../media/media-address';
import { StreamHub, streamKeyOf } from '../media/stream-hub';
import { HolderProbe } from '../registry/holder-probe';
import { StreamOwners } from '../registry/stream-owners';
import { VideoDirectory } from '../registry/video-directory';
import { VideoCommands } from '../signalling/video-commands';
import { command, owner } from '../live/live.service';

/** No alarm condition on a resource query (64 bits as hex). */
const ANY_ALARM = '0000000000000000';

/** 'YYYY-MM-DD HH:mm:ss' (China time) of a BCD 'YYMMDDhhmmss' the terminal sent. */
export function fromBcdTime(bcd: string): string {
  return /^\d{12}$/.test(bcd) ? `20${bcd.slice(0, 2)}-${bcd.slice(2, 4)}-${bcd.slice(4, 6)} ${bcd.slice(6, 8)}:${bcd.slice(8, 10)}:${bcd.slice(10, 12)}` : '';
}

/** BCD 'YYMMDDhhmmss' (China time) of a console time. */
export function bcdOf(time: string, field: string): string {
  return toBcdTime(formatCst(parseTimeParam(time, field)));
}

/**
 * Recordings on the terminal: the resource list (0x9205 -> 0x1205, a window of at most one day),
 * playback (0x9201 to this media server, streamed like live video under a `-pb` key) and its
 * control (0x9202: pause, resume, stop, fast-forward and rewind at 1-16x, seek).
 */
@Injectable()
export class PlaybackService {
  constructor(
    private readonly directory: VideoDirectory,
    private readonly hub: StreamHub,
    private readonly commands: VideoCommands,
    private readonly address: MediaAddress,
    private readonly urls: StreamUrls,
    private readonly owners: StreamOwners,
    private readonly probe: HolderProbe,
  ) {}

  async resources(user: AuthUser, request: ResourceQueryRequest): Promise<ResourceItem[]> {
    const target = this.directory.target(user, request.vehicleId);
    if (request.channel !== 0 && !(request.channel >= 1 && request.channel <= target.videoChannels)) throw new AppError(ErrorCode.VIDEO_CHANNEL_INVALID, { data: { channel: request.channel } });
    queryWindow(request.startTime, request.endTime, VIDEO_QUERY_MAX_DAYS);
    const answer = await this.commands.send({
      ...command(target, user),
      commandType: 'videoResources',
      msgId: '0x9205',
      body: {
        channel: request.channel,
        startTime: bcdOf(request.startTime, 'startTime'),
        endTime: bcdOf(request.endTime, 'endTime'),
        alarmFlags: ANY_ALARM,
        mediaType: request.mediaType ?? 0,
        streamType: request.streamType ?? 0,
        storageType: request.storageType ?? 0,
      },
    });
    const items = (answer.replyBody?.items ?? []) as Record<string, unknown>[];
    return items.map((item) => ({
      channel: Number(item.channel),
      startTime: fromBcdTime(String(item.startTime)),
      endTime: fromBcdTime(String(item.endTime)),
      alarmFlags: String(item.alarmFlags ?? ANY_ALARM),
      mediaType: Number(item.mediaType),
      streamType: Number(item.streamType),
      storageType: Number(item.storageType),
      fileSize: Number(item.fileSize),
    }));
  }

  async open(user: AuthUser, request: OpenPlaybackRequest): Promise<MediaStreamView> {
    const target = this.directory.target(user, request.vehicleId);
    if (!(request.channel >= 1 && request.channel <= target.videoChannels)) throw new AppError(ErrorCode.VIDEO_CHANNEL_INVALID, { data: { channel: request.channel } });
    queryWindow(request.startTime, request.endTime, VIDEO_QUERY_MAX_DAYS);
    const key = streamKeyOf(target.terminalPhone, request.channel, 'playback');
    this.hub.assertRoom(key);
    // A playback another replica serves stays there (the api routes its paths by key): no second 0x9201.
    // Unless that replica is gone (killed): then the playback restarts here now, not once its lease lapsed.
    const claim = await this.owners.claim(key);
    if (!claim.mine && !(await this.probe.takeOverIfGone(key))) return this.urls.view({ key, owner: { ...owner(target, user), channel: request.channel, kind: 'playback' } }, user.id);
    const stream = this.hub.open({ ...owner(target, user), channel: request.channel, kind: 'playback', streamType: request.streamType ?? 0, dataType: request.mediaType ?? 0 });
    try {
      await this.commands.send({
        ...command(target, user),
        commandType: 'videoPlayback',
        msgId: '0x9201',
        body: {
          ...this.address.server(),
          channel: request.channel,
          mediaType: request.mediaType ?? 0,
          streamType: request.streamType ?? 0,
          storageType: request.storageType ?? 0,
          playbackMode: request.playbackMode ?? 0,
          speed: request.speed ?? 0,
          startTime: bcdOf(request.startTime, 'startTime'),
          endTime: bcdOf(request.endTime, 'endTime'),
        },
      });
    } catch (error) {
      if (!stream.connected) this.hub.close(stream.key, 'terminal');
      throw error;
    }
    return this.urls.view(stream, user.id);
  }

  async control(user: AuthUser, request: PlaybackControlRequest): Promise<void> {
    const target = this.directory.target(user, request.vehicleId);
    const seeking = request.control === PlaybackControl.SEEK;
    if (seeking && !request.position) throw new AppError(ErrorCode.BAD_PARAMETER, { data: { field: 'position' } });
    const fast = request.control === PlaybackControl.FAST_FORWARD || request.control === PlaybackControl.KEYFRAME_REWIND;
    await this.commands.send({
      ...command(target, user),
      commandType: 'videoPlaybackControl',
      msgId: '0x9202',
      body: { channel: request.channel, control: request.control, speed: fast ? (request.speed ?? 1) : 0, position: seeking ? bcdOf(request.position!, 'position') : '000000000000' },
    });
    if (request.control === PlaybackControl.STOP) this.hub.close(streamKeyOf(target.terminalPhone, request.channel, 'playback'), 'admin');
  }
}
