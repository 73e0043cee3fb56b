import { IsInt, Max, Min } from 'class-validator';

/** Settings of the big screen's push (environment variable names). */
export class DashboardConfig {
  /** One `dashboard` message per following socket per tick: a wall display needs seconds, not the 100 ms of positions. */
  @IsInt()
  @Min(200)
  @Max(600_000)
  DASHBOARD_TICK_MS = 5_000;

  /** Step of the online-rate trend (the contract's DASHBOARD_TREND_STEP_MINUTES; shorter only for tests). */
  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  DASHBOARD_TREND_STEP_MS = 600_000;

  /** First retry of a failed seed of today's figures; each next one waits twice as long, at most DASHBOARD_SEED_RETRY_MAX_MS. */
  @IsInt()
  @Min(100)
  @Max(600_000)
  DASHBOARD_SEED_RETRY_MS = 5_000;

  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DASHBOARD_SEED_RETRY_MAX_MS = 300_000;
}
