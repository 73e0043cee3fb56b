import { IsBoolean, IsIn, IsInt, IsString, Max, Min } from 'class-validator';

/** The energy service's own settings (environment variable names), validated at start. */
export class EnergyConfig {
  /** TCP port of the GB/T 32960 gateway; 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  ENERGY_32960_PORT = 32960;

  /** Host both gateways (GB/T 32960 and HJ 1239) listen on. */
  @IsString()
  ENERGY_32960_HOST = '0.0.0.0';

  /** TCP port of the HJ 1239 emission gateway (heavy-duty diesel OBD remote monitoring); 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  ENERGY_HJ1239_PORT = 9610;

  /** strict: only vehicles whose VIN the admin registry knows log in; open admits any VIN (answered, not stored). */
  @IsIn(['strict', 'open'])
  ENERGY_REGISTRATION = 'strict';

  /** A connection silent this long is closed (terminals heartbeat every 10-60 s). */
  @IsInt()
  @Min(10)
  ENERGY_IDLE_S = 180;

  /** A link (GB/T 32960 or HJ 1239) that has not logged a vehicle in this long after connecting is closed. */
  @IsInt()
  @Min(1)
  ENERGY_IDENTIFY_S = 10;

  /** Logged-in links served at most, per gateway (GB/T 32960 and HJ 1239 each). */
  @IsInt()
  @Min(1)
  ENERGY_MAX_LINKS = 100_000;

  /** Links not yet logged in, at most in all (the oldest goes when full). */
  @IsInt()
  @Min(1)
  ENERGY_MAX_UNIDENTIFIED_LINKS = 2000;

  /** Links not yet logged in, at most from one source address (vehicles behind one carrier NAT share one). */
  @IsInt()
  @Min(1)
  ENERGY_MAX_UNIDENTIFIED_PER_ADDRESS = 256;

  /** Undecodable frames in a row that close a link (ten times as many in all). */
  @IsInt()
  @Min(1)
  ENERGY_MAX_BAD_FRAMES = 10;

  /** Reports of one link waiting for the bus; beyond this the link is not read until they settle. */
  @IsInt()
  @Min(1)
  ENERGY_MAX_IN_FLIGHT = 32;

  /** Consumer group of the report ingest (energy.report.v2 -> energy_report). */
  @IsString()
  ENERGY_INGEST_GROUP = 'energy-ingest';

  /** Consumer group of the emission ingest (emission.report.v1 -> emission_stream, emission_obd). */
  @IsString()
  ENERGY_EMISSION_GROUP = 'emission-ingest';

  /** MySQL: daily energy_report partitions kept ready this many days ahead. */
  @IsInt()
  @Min(1)
  ENERGY_PARTITIONS_AHEAD = 7;

  /** MySQL: days of battery reports kept; older day partitions are dropped. */
  @IsInt()
  @Min(1)
  ENERGY_RETENTION_DAYS = 180;

  @IsInt()
  @Min(1000)
  ENERGY_MAINTENANCE_INTERVAL_MS = 3_600_000;

  /** Publish every GB/T 32960 and HJ 1239 frame in and out to the raw-frame topic (the frame archive). */
  @IsBoolean()
  ENERGY_RAW_CAPTURE = true;

  /** Raw frames waiting for the bus; beyond this they are dropped, answers never wait for them. */
  @IsInt()
  @Min(100)
  ENERGY_RAW_QUEUE_LIMIT = 20_000;

  /**
   * A platform command (0x80-0x82) for a VIN whose link another energy instance holds goes over the
   * bus (energy.command.v1); the holder says it sent it within this long, else the answer is 7205.
   */
  @IsInt()
  @Min(100)
  ENERGY_COMMAND_GRACE_MS = 2000;

  /** Where OTA packages are kept; empty: DATA_DIR/ota-packages (a volume every instance mounts in cluster mode). */
  @IsString()
  ENERGY_OTA_DIR = '';
}

export const ENERGY_CONFIG = Symbol('ENERGY_CONFIG');
