export { VideoModule, VIDEO_ENTITIES, VIDEO_MIGRATIONS } from './video.module';
export { MediaIngestServer } from './media/media-ingest.server';
export { StreamHub } from './media/stream-hub';
export { UploadFtpServer } from './download/upload-ftp.server';
export { MEDIA_TOKENS, MediaTokens } from './delivery/media-tokens';
export { EMBED_TOKENS, EmbedTokens } from './embed/embed-tokens';
export { findFfmpeg, type FfmpegBinary } from './transcode/ffmpeg-binary';
export { StreamOwners, type StreamOwner } from './registry/stream-owners';
