import { IsNotEmpty, IsString } from 'class-validator';

/** The alarm service's own settings (environment variable names), validated at start. */
export class AlarmConfig {
  /** Consumer group of the detector (one per deployment; members share the terminals). */
  @IsString()
  @IsNotEmpty()
  ALARM_DETECTOR_GROUP = 'alarm-detector';
}

export const ALARM_CONFIG = Symbol('ALARM_CONFIG');
