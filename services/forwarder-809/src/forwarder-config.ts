import { IsBoolean, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The forwarder's own settings (environment variable names), validated at start. */
export class ForwarderConfig {
  /**
   * Consumer group of the position and alarm forwarding, shared by every replica: each reads some
   * partitions; what is not for a platform whose lease it holds goes to the backlog the holder drains.
   */
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

  /** A slave link without a valid 0x9001 (our verify code) this long after connecting is closed. */
  @IsInt()
  @Min(1)
  FORWARDER_809_SLAVE_IDENTIFY_S = 10;

  /** Logged-in slave links at most (one per superior platform; a new login of a platform replaces its old link). */
  @IsInt()
  @Min(1)
  FORWARDER_809_SLAVE_MAX_LINKS = 64;

  /** Slave links not yet logged in, at most in all (the oldest goes when full). */
  @IsInt()
  @Min(1)
  FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_LINKS = 32;

  /** Slave links not yet logged in, at most from one source address. */
  @IsInt()
  @Min(1)
  FORWARDER_809_SLAVE_MAX_UNIDENTIFIED_PER_ADDRESS = 4;

  /** Undecodable frames in a row that close a slave link (ten times as many in all). */
  @IsInt()
  @Min(1)
  FORWARDER_809_SLAVE_MAX_BAD_FRAMES = 10;

  /** A slave link without a valid frame this long is closed (the superior sends 0x9005 keep-alives, and opens it again when it needs it). */
  @IsInt()
  @Min(10)
  FORWARDER_809_SLAVE_IDLE_S = 300;

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

  /** A platform's link lease lasts this long unless renewed: a killed holder's platforms are taken over within it plus one renewal period. */
  @IsInt()
  @Min(3)
  @Max(20)
  FORWARDER_809_LEASE_TTL_S = 15;

  /** How often each replica renews its leases and tries to claim free ones (at most a third of the TTL). */
  @IsInt()
  @Min(1)
  @Max(6)
  FORWARDER_809_LEASE_RENEW_S = 3;

  /** Publish every frame of the 809 links to the raw-frame topic (the frame archive; key `809:<platform id>`). */
  @IsBoolean()
  FORWARDER_809_RAW_CAPTURE = true;
}

export const FORWARDER_CONFIG = Symbol('FORWARDER_CONFIG');
