import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The admin service's own settings (environment variable names). */
export class AdminConfig {
  /** Password of the first super administrator; generated and logged once when empty. */
  @IsString()
  @IsOptional()
  ADMIN_INITIAL_PASSWORD = '';

  @IsString()
  ADMIN_INITIAL_ACCOUNT = 'admin';

  /** OAuth client of the console (`/auth/oauth/token` Basic header). A browser client cannot keep a secret: this identifies it, it does not protect anything. */
  @IsString()
  AUTH_CLIENT_ID = 'console';

  @IsString()
  AUTH_CLIENT_SECRET = 'console';

  /** Consecutive failures after which further attempts inside the throttle window answer 207. */
  @IsInt()
  @Min(1)
  AUTH_THROTTLE_AFTER = 3;

  @IsInt()
  @Min(0)
  AUTH_THROTTLE_WINDOW_MS = 1000;

  /** Consecutive failures that lock the account (423) for AUTH_LOCK_MINUTES. */
  @IsInt()
  @Min(1)
  AUTH_LOCK_AFTER = 5;

  @IsInt()
  @Min(1)
  AUTH_LOCK_MINUTES = 15;

  /** Requests per minute and client address on /login and /auth/oauth/token (beyond: 207). */
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT_PER_MINUTE = 120;

  /** `POST /register` (self registration of a company and its administrator); `off` answers 424. */
  @IsIn(['on', 'off'])
  AUTH_SELF_REGISTRATION: 'on' | 'off' = 'on';

  /** Where uploaded app packages (APK, IPA) are kept; empty: DATA_DIR/app-packages (a volume shared by every admin instance in cluster mode). */
  @IsString()
  ADMIN_APP_PACKAGE_DIR = '';

  /** Largest app package accepted, in MiB, up to 512 (the upload is held in memory while it is checked). */
  @IsInt()
  @Min(1)
  @Max(512)
  ADMIN_APP_PACKAGE_MAX_MB = 150;
}

export const ADMIN_CONFIG = Symbol('ADMIN_CONFIG');
