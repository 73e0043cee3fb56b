import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The certification module's settings (environment variable names), validated at start. */
export class CertificationConfig {
  /** Consumer group of the monitor on the 808 topics (positions, uplink, sessions: all keyed by terminal). */
  @IsString()
  @IsNotEmpty()
  CERTIFICATION_JT808_GROUP = 'industry-certification-808';

  /** Consumer group of the monitor on energy.report.v2. */
  @IsString()
  @IsNotEmpty()
  CERTIFICATION_GB32960_GROUP = 'industry-certification-32960';

  /** How often the running tests are read again (a test opened by another instance is followed from then on) and ended ones closed (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(60_000)
  CERTIFICATION_SWEEP_MS = 1_000;
}

export const CERTIFICATION_CONFIG = Symbol('CERTIFICATION_CONFIG');
