import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The instruction service's own settings (environment variable names), validated at start. */
export class InstructionConfig {
  /** Longest an operator may let an order wait for an offline vehicle (queue policy). */
  @IsInt()
  @Min(1)
  @Max(30 * 24 * 60)
  INSTRUCTION_QUEUE_MAX_MINUTES = 7 * 24 * 60;

  /** Most orders one offline terminal may have waiting in the queue; one more answers 7120 (queue full). */
  @IsInt()
  @Min(1)
  @Max(10_000)
  INSTRUCTION_QUEUE_MAX_PER_TERMINAL = 100;

  /** How often queued orders are retried, expired orders finished and lost replies timed out. */
  @IsInt()
  @Min(100)
  INSTRUCTION_SWEEP_MS = 5000;

  /** Most vehicles one send (batch) may address. */
  @IsInt()
  @Min(1)
  @Max(20_000)
  INSTRUCTION_BATCH_MAX = 5000;

  /** Largest multimedia item (0x0801) kept; bigger ones are logged and dropped. */
  @IsInt()
  @Min(1024)
  INSTRUCTION_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

  /** Where photos, audio and video from terminals are stored (a mounted volume in cluster mode); empty: DATA_DIR/media. */
  @IsString()
  INSTRUCTION_MEDIA_DIR = '';

  /** Consumer group prefix (one per deployment; members share the partitions). */
  @IsString()
  @IsNotEmpty()
  INSTRUCTION_GROUP = 'instruction';
}

export const INSTRUCTION_CONFIG = Symbol('INSTRUCTION_CONFIG');
