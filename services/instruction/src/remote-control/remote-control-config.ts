import { serviceConfigProvider } from '@openfleet/service-kit';
import { IsInt, IsNumber, IsString, Max, Min } from 'class-validator';

/** The checks before a remote operation (environment variable names), validated at start. */
export class RemoteControlConfig {
  /** Tracking's HTTP address for the vehicle's newest condition; empty: this process's own listener (standalone). */
  @IsString()
  INSTRUCTION_TRACKING_URL = '';

  /** Remote starts a vehicle may get within the window (3055 beyond). */
  @IsInt()
  @Min(1)
  @Max(100)
  INSTRUCTION_REMOTE_START_MAX = 3;

  /** The start-limit window, in hours. */
  @IsInt()
  @Min(1)
  @Max(24 * 7)
  INSTRUCTION_REMOTE_START_WINDOW_H = 24;

  /** Lowest battery voltage for a remote start, of a 12 V system (a 24 V system needs twice this). */
  @IsNumber()
  @Min(0)
  INSTRUCTION_REMOTE_MIN_BATTERY_V = 11.8;

  /** Lowest fuel level for a remote start, for a CAN fuel signal in % ... */
  @IsNumber()
  @Min(0)
  INSTRUCTION_REMOTE_MIN_FUEL_PERCENT = 10;

  /** ... and for one in litres. */
  @IsNumber()
  @Min(0)
  INSTRUCTION_REMOTE_MIN_FUEL_L = 5;
}

export const REMOTE_CONTROL_CONFIG = Symbol('REMOTE_CONTROL_CONFIG');
export const remoteControlConfigProvider = serviceConfigProvider(REMOTE_CONTROL_CONFIG, RemoteControlConfig);
