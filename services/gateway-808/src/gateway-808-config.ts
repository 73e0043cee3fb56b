import { IsBoolean, IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { PlatformConfig } from '@openfleet/service-kit';

/** Settings of the JT/T 808 gateway (environment variables, validated at start). */
export class Gateway808Config extends PlatformConfig {
  /** TCP port terminals connect to; 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  GATEWAY_808_PORT = 6808;

  @IsString()
  GATEWAY_808_HOST = '0.0.0.0';

  /** strict: only terminals in the admin registry may register; open: unknown terminals are auto-provisioned (demos). */
  @IsIn(['strict', 'open'])
  GATEWAY_808_REGISTRATION = 'open';

  /**
   * Secret the auth codes of unknown terminals (policy `open`) are derived from, the same on every
   * instance. Empty: standalone generates one under DATA_DIR at first start; cluster refuses to start.
   */
  @IsString()
  GATEWAY_808_AUTH_SECRET = '';

  /** A session that sends nothing for this long is closed and reported offline. */
  @IsInt()
  @Min(1)
  GATEWAY_808_IDLE_TIMEOUT_S = 180;

  /** A connection not authenticated within this time is closed (slow or silent clients). */
  @IsInt()
  @Min(1)
  GATEWAY_808_PREAUTH_TIMEOUT_S = 30;

  /** Authenticated connections served at most; one authenticating past it is closed. */
  @IsInt()
  @Min(1)
  GATEWAY_808_MAX_LINKS = 100_000;

  /** Connections not yet authenticated, at most in all (the oldest goes when full). */
  @IsInt()
  @Min(1)
  GATEWAY_808_MAX_UNIDENTIFIED_LINKS = 10_000;

  /** Connections not yet authenticated, at most from one source address (terminals behind one carrier NAT share one). */
  @IsInt()
  @Min(1)
  GATEWAY_808_MAX_UNIDENTIFIED_PER_ADDRESS = 1000;

  /** Consecutive malformed frames after which the connection is closed (ten times as many in all, interleaved with good ones). */
  @IsInt()
  @Min(1)
  GATEWAY_808_MAX_BAD_FRAMES = 10;

  /** Wait this long for missing subpackages before asking for them (0x8003). */
  @IsInt()
  @Min(10)
  GATEWAY_808_SUBPACKAGE_TIMEOUT_MS = 10_000;

  /** 0x8003 requests per message before the partial message is dropped. */
  @IsInt()
  @Min(0)
  GATEWAY_808_SUBPACKAGE_RETRIES = 2;

  /** Frames of one connection waiting for the bus; beyond this the socket stops being read. */
  @IsInt()
  @Min(1)
  GATEWAY_808_MAX_PENDING_PER_SESSION = 32;

  /** Publish every frame in and out to the raw-frame topic. */
  @IsBoolean()
  GATEWAY_808_RAW_CAPTURE = true;

  /** Raw frames waiting for the bus; beyond this they are dropped (and counted), acks never wait for them. */
  @IsInt()
  @Min(100)
  GATEWAY_808_RAW_QUEUE_LIMIT = 20_000;

  /**
   * Take part in the election of the one instance that answers "device offline" for commands whose
   * terminal no gateway holds; false: this instance never answers it (an override, not needed at N replicas).
   */
  @IsBoolean()
  GATEWAY_808_OFFLINE_REPORTER = true;

  /** The reporter answers "offline" this long after the command arrived, if no gateway claimed the terminal meanwhile. */
  @IsInt()
  @Min(0)
  GATEWAY_808_OFFLINE_GRACE_MS = 3000;

  /** A silent (crashed, cut off) reporter loses the role after this long; the broker's minimum is 6 s. */
  @IsInt()
  @Min(6000)
  GATEWAY_808_REPORTER_SESSION_TIMEOUT_MS = 10_000;
}
