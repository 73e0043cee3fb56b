import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

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

  /** Where OTA packages are kept; empty: DATA_DIR/ota-packages (a volume every instance mounts in cluster mode). */
  @IsString()
  ENERGY_OTA_DIR = '';
}

export const ENERGY_CONFIG = Symbol('ENERGY_CONFIG');
