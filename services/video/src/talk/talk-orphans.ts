import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '@openfleet/auth';
import { LiveControl, LiveDataType } from '@openfleet/contracts';
import { AppError, ErrorCode } from '@openfleet/errors';
import { HolderProbe } from '../registry/holder-probe';
import { StreamOwners, type OwnerTag, type RegistryRow } from '../registry/stream-owners';
import { VideoDirectory } from '../registry/video-directory';
import { VideoCommands } from '../signalling/video-commands';

/** What a talk key's row carries (`detail`): the talker, and for a channel's key the vehicle channel and data type. */
export interface TalkDetail {
  userId: string;
  kind?: 'talk' | 'broadcast';
  vehicleId?: string;
  terminalPhone?: string;
  channel?: number;
  dataType?: number;
}

export const talkTag = (sessionId: string, detail: TalkDetail): OwnerTag => ({ sessionId, detail: JSON.stringify(detail) });

const detailOf = (row: RegistryRow): TalkDetail | undefined => {
  try {
    return row.detail ? (JSON.parse(row.detail) as TalkDetail) : undefined;
  } catch {
    return undefined;
  }
};

/** 0x9102 that stops a talk (4: close talk-back) or a broadcast (0 with close type 1: the channel's audio only, its video goes on). */
export function talkStopBody(dataType: number, channel: number): Record<string, unknown> {
  const talk = dataType === LiveDataType.TALK;
  return { channel, command: talk ? LiveControl.CLOSE_TALK : LiveControl.CLOSE, closeType: talk ? 0 : 1, switchStreamType: 0 };
}

/**
 * Talk sessions whose replica died (issue 31). A session lives on the replica that sent its 0x9101;
 * when that replica is gone its talk links and sockets went with it, but its registry keys stay
 * until their lease lapses. Another replica that finds such a key asks the holder first
 * (`HolderProbe`); a holder that cannot be reached within HOLDER_PROBE_MS, or that answers it
 * does not hold the key (it restarted), is gone. Then a close ends the session here (0x9102 to each
 * terminal, the keys dropped) and a new talk takes the channel over at once. Every change is
 * conditional on the row being as it was read (same replica, same lease expiry), so of replicas
 * doing it at once one wins, and a row a live replica renewed or re-claimed is never touched.
 */
@Injectable()
export class TalkOrphans {
  private readonly logger = new Logger('VideoTalk');
  constructor(
    private readonly owners: StreamOwners,
    private readonly probe: HolderProbe,
    private readonly commands: VideoCommands,
    private readonly directory: VideoDirectory,
  ) {}

  /** A channel whose talk key another replica holds: taken for this replica's new leg if that replica is gone. */
  takeOverChannel(key: string, tag: OwnerTag): Promise<boolean> {
    return this.probe.takeOverIfGone(key, tag);
  }

  /**
   * Ends a session whose replica is gone, from its `talk:` row. The caller must be its talker (else
   * 3011, as the owner answers) and see each of its vehicles (else 8002); nothing is done otherwise.
   * Each channel still held by the gone replica for this session is taken over, told 0x9102 and let
   * go; a channel another replica re-claimed since (a new talk) is left alone and not told.
   */
  async close(user: AuthUser, talkId: string, row: RegistryRow): Promise<void> {
    const talker = detailOf(row);
    if (!talker || talker.userId !== user.id) throw new AppError(ErrorCode.VIDEO_STREAM_NOT_FOUND, { data: talkId });
    const channels = (await this.owners.sessionRows(talkId, row.replicaId)).filter((channel) => channel.key !== row.key).map((channel) => ({ row: channel, leg: detailOf(channel) }));
    for (const { leg } of channels) if (leg?.vehicleId) this.directory.vehicleInScope(user, leg.vehicleId);
    await Promise.all(
      channels.map(async ({ row: channel, leg }) => {
        if (!(await this.owners.takeOver(channel, Date.now(), { sessionId: talkId, detail: channel.detail ?? '' }))) return;
        try {
          if (leg?.vehicleId && leg.terminalPhone && leg.channel) {
            const body = talkStopBody(leg.dataType ?? LiveDataType.TALK, leg.channel);
            await this.commands.send({ vehicleId: leg.vehicleId, terminalPhone: leg.terminalPhone, operatorId: user.id, commandType: 'videoLiveControl', msgId: '0x9102', body }).catch((error: Error) => this.logger.debug(`0x9102 to ${leg.terminalPhone}: ${error.message}`));
          }
        } finally {
          await this.owners.release(channel.key);
        }
      }),
    );
    await this.owners.dropIfUnchanged(row);
    this.logger.log(`talk ${talkId} of ${row.replicaId}, which is gone, closed here (${channels.length} channel(s))`);
  }
}
