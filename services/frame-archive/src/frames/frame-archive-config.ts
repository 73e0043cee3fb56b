import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** The frame archive's settings (environment variable names), validated at start. */
export class FrameArchiveConfig {
  /** Days of frames kept: older days are dropped whole (MySQL partitions) or deleted (SQLite). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  FRAME_ARCHIVE_RETENTION_DAYS = 30;

  /** Days of partitions created ahead of today (MySQL), so a day never starts without its partition. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(60)
  FRAME_ARCHIVE_PARTITIONS_AHEAD = 3;

  /** How often the retention sweep runs (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  FRAME_ARCHIVE_SWEEP_MS = 3_600_000;
}

export const FRAME_ARCHIVE_CONFIG = Symbol('FRAME_ARCHIVE_CONFIG');
