import { IsNotEmpty, IsString } from 'class-validator';

/** The fence service's own settings (environment variable names), validated at start. */
export class FenceConfig {
  /** Consumer group of the evaluator (one per deployment; members share the terminals). */
  @IsString()
  @IsNotEmpty()
  FENCE_EVALUATOR_GROUP = 'fence-evaluator';
}

export const FENCE_CONFIG = Symbol('FENCE_CONFIG');
