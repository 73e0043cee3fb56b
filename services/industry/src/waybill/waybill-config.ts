import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The waybill module's settings (environment variable names), validated at start. */
export class WaybillConfig {
  /** Consumer group of the tracker on tracking.position.v1 (one per deployment; members share the terminals). */
  @IsString()
  @IsNotEmpty()
  WAYBILL_TRACKER_GROUP = 'industry-waybill-tracker';

  /** How often waybills whose planned arrival passed are marked late (ms). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  WAYBILL_LATE_SWEEP_MS = 30_000;
}

export const WAYBILL_CONFIG = Symbol('WAYBILL_CONFIG');
