import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/** The reminders' settings (environment variable names), validated at start. */
export class ReminderConfig {
  /** Run the sweep at start and every day; off in tests that call `sweep()` themselves. */
  @IsBoolean()
  REMINDER_SWEEP_ENABLED = true;

  /** Minute of the China day the daily sweep runs at (5: 00:05, once tracking has closed the day). */
  @IsInt()
  @Min(0)
  @Max(1439)
  REMINDER_SWEEP_MINUTE = 5;

  /** How long a sweep may hold the lease; a crashed holder blocks others this long at most. */
  @IsInt()
  @Min(10_000)
  @Max(3_600_000)
  REMINDER_LEASE_MS = 600_000;
}
