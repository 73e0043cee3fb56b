import { serviceConfigProvider } from '@openfleet/service-kit';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/** The daily driving recorder collection (environment variable names), validated at start. */
export class RecorderScheduleConfig {
  /** Off in tests that drive the sweep themselves. */
  @IsBoolean()
  RECORDER_SWEEP_ENABLED = true;

  /** Minute of the China day the sweep runs (02:00 by default: yesterday's records are complete). */
  @IsInt()
  @Min(0)
  @Max(1439)
  RECORDER_SWEEP_MINUTE = 120;

  /** How long a sweep may hold the lease; a crashed holder blocks the others this long at most. */
  @IsInt()
  @Min(1000)
  RECORDER_LEASE_MS = 600_000;

  /** How long a collect order waits for an offline vehicle (queue policy), in minutes. */
  @IsInt()
  @Min(1)
  RECORDER_QUEUE_MINUTES = 24 * 60;
}

export const RECORDER_SCHEDULE_CONFIG = Symbol('RECORDER_SCHEDULE_CONFIG');
export const recorderScheduleConfigProvider = serviceConfigProvider(RECORDER_SCHEDULE_CONFIG, RecorderScheduleConfig);
