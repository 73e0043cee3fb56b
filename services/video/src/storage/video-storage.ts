import { Inject, Injectable } from '@nestjs/common';
import { loadConfig, PlatformConfig, PROCESS_ENV } from '@openfleet/service-kit';
import { mkdirSync, readdirSync, statfsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';

/** Files walked at most when summing the video directory's size (serverStorage stays fast). */
const MAX_FILES_SUMMED = 100_000;

/**
 * The video service's files (uploaded recordings, snapshots) under VIDEO_DATA_DIR, by default
 * DATA_DIR/video; a volume every instance mounts in cluster mode. Knows the disk's free space
 * against the spec's storage threshold (1-99 %, default 20).
 */
@Injectable()
export class VideoStorage {
  readonly root: string;

  constructor(
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    @Inject(PROCESS_ENV) env: NodeJS.ProcessEnv,
  ) {
    this.root = resolve(config.VIDEO_DATA_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'video'));
    mkdirSync(this.root, { recursive: true });
  }

  /** The absolute path of a stored key; a key escaping the root is refused. */
  resolve(key: string): string {
    const path = resolve(this.root, key);
    if (path !== this.root && !path.startsWith(this.root + sep)) throw new Error(`path outside the video store: ${key}`);
    return path;
  }

  disk(): { totalBytes: number; freeBytes: number } {
    const stats = statfsSync(this.root);
    return { totalBytes: stats.blocks * stats.bsize, freeBytes: stats.bavail * stats.bsize };
  }

  /** False when the free share of the disk is below the threshold: new uploads are refused. */
  hasRoom(): boolean {
    const { totalBytes, freeBytes } = this.disk();
    return totalBytes === 0 || (freeBytes / totalBytes) * 100 >= this.config.VIDEO_STORAGE_THRESHOLD_PERCENT;
  }

  /** Bytes of the files under the video directory (the first 100,000 files). */
  usedBytes(): number {
    let total = 0;
    let files = 0;
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (files >= MAX_FILES_SUMMED) return;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile()) {
          files++;
          total += statSync(path).size;
        }
      }
    };
    walk(this.root);
    return total;
  }
}
