import { IsInt, IsOptional, IsString, Min } from 'class-validator';

/** Settings of token issue and verification (environment variable names). */
export class AuthConfig {
  /** HS256 key; required in cluster mode, generated once under DATA_DIR in standalone when empty. */
  @IsString()
  @IsOptional()
  AUTH_JWT_SECRET = '';

  @IsInt()
  @Min(60)
  AUTH_ACCESS_TOKEN_TTL = 7200;

  @IsInt()
  @Min(300)
  AUTH_REFRESH_TOKEN_TTL = 604800;

  @IsString()
  DATA_DIR = './data';

  @IsString()
  BUS = 'in-process';
}

/** Injection token of the resolved {@link AuthConfig}. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
