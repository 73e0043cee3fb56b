import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { MediaStream } from '../media/media-stream';
import type { MediaViewer } from '../media/media-viewer';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { findFfmpeg, type FfmpegBinary } from './ffmpeg-binary';
import { H264Variant } from './h264-variant';

/** The query parameter of the media WebSocket asking for the picture in H.264: `?video=h264`. */
export const TRANSCODE_QUERY = 'video';

/**
 * The H.264 variants of H.265 streams, for browsers whose MSE cannot play `hvc1`. One variant (so
 * one ffmpeg) per source stream, started by its first viewer, stopped with its last or when the
 * source ends, at most VIDEO_MAX_TRANSCODES at once (a viewer beyond is told why). A stream already
 * known to be H.264 is served as it is.
 */
@Injectable()
export class TranscodeHub implements OnModuleDestroy {
  private readonly logger = new Logger('VideoTranscode');
  private readonly variants = new Map<MediaStream, { variant: H264Variant; untap: () => void; unhook: () => void }>();
  readonly ffmpeg: FfmpegBinary;

  constructor(@Inject(VIDEO_CONFIG) private readonly config: VideoConfig) {
    this.ffmpeg = findFfmpeg();
    if (this.ffmpeg.found) this.logger.log(`H.265 is transcoded for browsers without it by ${this.ffmpeg.path} (${this.ffmpeg.source})`);
    else this.logger.warn(`H.265 cannot be transcoded: ${this.ffmpeg.reason}`);
  }

  /** How many ffmpeg transcodes run. */
  get running(): number {
    return [...this.variants.values()].filter(({ variant }) => variant.transcoding?.running).length;
  }

  variantOf(source: MediaStream): H264Variant | undefined {
    return this.variants.get(source)?.variant;
  }

  /** Adds a viewer that cannot play H.265; the returned function takes it off again. */
  join(source: MediaStream, viewer: MediaViewer): () => void {
    const codec = source.initSegment?.videoCodec;
    if (codec && !/^(hvc1|hev1)/.test(codec)) {
      source.addViewer(viewer);
      return () => source.removeViewer(viewer.id);
    }
    const existing = this.variants.get(source)?.variant;
    if (existing) return existing.join(viewer);
    const max = this.config.VIDEO_MAX_TRANSCODES;
    if (this.variants.size >= max) {
      const why = max ? `the server already transcodes its maximum of ${max} (VIDEO_MAX_TRANSCODES)` : 'transcoding is off (VIDEO_MAX_TRANSCODES=0)';
      viewer.sendText({ type: 'unsupported', reason: 'h265', codec: `H.265, not transcoded: ${why}` });
      viewer.close();
      return () => undefined;
    }
    return this.create(source).join(viewer);
  }

  onModuleDestroy(): void {
    for (const source of [...this.variants.keys()]) this.drop(source, true);
  }

  private create(source: MediaStream): H264Variant {
    const variant = new H264Variant(source, this.ffmpeg, this.config.VIDEO_SPEECH_CODEC, () => this.drop(source, false));
    const untap = source.tapFrames((frames, now) => variant.accept(frames, now));
    const unhook = source.onEnd(() => {
      variant.endWithSource();
      this.drop(source, false);
    });
    this.variants.set(source, { variant, untap, unhook });
    return variant;
  }

  private drop(source: MediaStream, end: boolean): void {
    const entry = this.variants.get(source);
    if (!entry) return;
    this.variants.delete(source);
    entry.untap();
    entry.unhook();
    if (end) entry.variant.end();
  }
}
