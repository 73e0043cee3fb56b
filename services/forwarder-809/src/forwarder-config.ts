import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The forwarder's own settings (environment variable names), validated at start. */
export class ForwarderConfig {
  /** Consumer group of the position and alarm forwarding (run one replica: it owns the links). */
  @IsString()
  @IsNotEmpty()
  FORWARDER_809_GROUP = 'forwarder-809';

  /** TCP port our slave link listens on (the superior connects back to it); 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  FORWARDER_809_SLAVE_PORT = 7809;

  @IsString()
  FORWARDER_809_SLAVE_LISTEN_HOST = '0.0.0.0';

  /** Seals the superior platforms' passwords at rest; standalone generates one under DATA_DIR. */
  @IsString()
  FORWARDER_809_SECRET = '';

  /** Positions kept per platform while its link is down (the oldest go beyond it, counted and logged). */
  @IsInt()
  @Min(1000)
  FORWARDER_809_BACKLOG_MAX = 2_000_000;

  /** Reconnect backoff: first and longest wait (ms). */
  @IsInt()
  @Min(10)
  FORWARDER_809_RECONNECT_MIN_MS = 1000;

  @IsInt()
  @Min(10)
  FORWARDER_809_RECONNECT_MAX_MS = 60_000;
}

export const FORWARDER_CONFIG = Symbol('FORWARDER_CONFIG');
