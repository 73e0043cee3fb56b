import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { PlatformConfig, PROCESS_ENV, ServiceStorageModule, loadConfig, resolveDeploymentSecret, serviceConfigProvider } from '@openfleet/service-kit';
import { HlsController } from './delivery/hls.controller';
import { MediaSocketServer } from './delivery/media-socket.server';
import { MEDIA_TOKENS, MediaTokens } from './delivery/media-tokens';
import { StreamUrls } from './delivery/stream-urls';
import { DownloadController } from './download/download.controller';
import { DownloadService } from './download/download.service';
import { UploadFtpServer } from './download/upload-ftp.server';
import { VideoDownload } from './download/video-download.entity';
import { FluxController } from './flux/flux.controller';
import { FluxRecorder } from './flux/flux-recorder';
import { FluxService } from './flux/flux.service';
import { VideoFlux } from './flux/video-flux.entity';
import { LiveController } from './live/live.controller';
import { LiveService } from './live/live.service';
import { MediaAddress } from './media/media-address';
import { MediaIngestServer } from './media/media-ingest.server';
import { StreamHub } from './media/stream-hub';
import { CreateVideoTables1732710000000 } from './migrations/1732710000000-create-video-tables';
import { CreateVideoStreamOwner1735300000000 } from './migrations/1735300000000-create-video-stream-owner';
import { AddVideoStreamOwnerSession1735400000000 } from './migrations/1735400000000-add-video-stream-owner-session';
import { PlaybackController } from './playback/playback.controller';
import { PlaybackService } from './playback/playback.service';
import { StreamOwnerController } from './registry/stream-owner.controller';
import { StreamOwners } from './registry/stream-owners';
import { VideoDirectory } from './registry/video-directory';
import { VideoCommands } from './signalling/video-commands';
import { SnapshotController } from './snapshot/snapshot.controller';
import { SnapshotService } from './snapshot/snapshot.service';
import { VideoSnapshot } from './snapshot/video-snapshot.entity';
import { VideoStorage } from './storage/video-storage';
import { TranscodeHub } from './transcode/transcode-hub';
import { VIDEO_CONFIG, VideoConfig } from './video-config';
import { TalkController } from './talk/talk.controller';
import { TalkSocketServer } from './talk/talk-socket.server';
import { TalkService } from './talk/talk.service';
import { TalkOrphans } from './talk/talk-orphans';
import { HolderProbe } from './registry/holder-probe';
import { EmbedController } from './embed/embed.controller';
import { EMBED_PROVIDERS } from './embed/embed.providers';

export const VIDEO_ENTITIES = [VideoSnapshot, VideoDownload, VideoFlux];
export const VIDEO_MIGRATIONS = [CreateVideoTables1732710000000, CreateVideoStreamOwner1735300000000, AddVideoStreamOwnerSession1735400000000];

/** File under DATA_DIR that keeps the standalone media-URL key between restarts. */
const URL_SECRET_FILE = 'video-url-secret';

/**
 * Video over JT/T 1078: the media ingest (TCP/UDP), remux to fMP4 without transcoding, delivery
 * over WebSocket (MSE) and HLS with signed URLs, live/playback/PTZ/download signalling through
 * the instruction service (instruction.request.v1 -> instruction.order.v1), the embedded FTP
 * server for uploads, snapshots and traffic per vehicle, channel and day. Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('video', { entities: VIDEO_ENTITIES, migrations: VIDEO_MIGRATIONS }), TypeOrmModule.forFeature(VIDEO_ENTITIES, 'video'), AuthModule],
  controllers: [LiveController, PlaybackController, SnapshotController, DownloadController, FluxController, HlsController, TalkController, EmbedController, StreamOwnerController],
  providers: [
    serviceConfigProvider(VIDEO_CONFIG, VideoConfig),
    {
      provide: MEDIA_TOKENS,
      inject: [VIDEO_CONFIG, PROCESS_ENV],
      useFactory: (config: VideoConfig, env: NodeJS.ProcessEnv) =>
        new MediaTokens(resolveDeploymentSecret(loadConfig(PlatformConfig, env), { variable: 'VIDEO_URL_SECRET', value: config.VIDEO_URL_SECRET, file: URL_SECRET_FILE, minLength: 32 }), config.VIDEO_URL_TTL_S * 1000),
    },
    vehicleRegistryProvider({ service: 'video', follow: { terminals: true, states: true } }),
    VideoDirectory,
    StreamHub,
    StreamOwners,
    MediaIngestServer,
    MediaAddress,
    MediaSocketServer,
    StreamUrls,
    VideoCommands,
    VideoStorage,
    UploadFtpServer,
    LiveService,
    PlaybackService,
    SnapshotService,
    DownloadService,
    FluxService,
    FluxRecorder,
    TranscodeHub,
    TalkService,
    TalkOrphans,
    HolderProbe,
    TalkSocketServer,
    ...EMBED_PROVIDERS,
  ],
  exports: [MediaIngestServer, StreamHub, UploadFtpServer],
})
export class VideoModule {}
