// Its own file so the catalogue and the files it gathers definitions from (video-parameter-commands)
// both import it, and neither imports the other back.
import type { CommandField, Edition, Label } from './command-fields';

/**
 * Every command an operator can send, by type: its JT/T 808 message, the editions that have it, its
 * typed fields and how the entered values become the message body (the JSON shape libs/jt808
 * encodes). The instruction service validates with the same fields the console renders.
 */
export interface CommandDef {
  type: string;
  msgId: number;
  label: Label;
  /** Absent: every edition. */
  editions?: readonly Edition[];
  fields: readonly CommandField[];
  /** How long the gateway waits for the terminal's answer. */
  timeoutS: number;
  /**
   * Sent only through its own flow, never through the generic send: the lock wizard (SMS code and
   * limit password) or remote control (pre-checks and the operation log).
   */
  dedicated?: 'lockWizard' | 'remoteControl' | 'fence' | 'alarm' | 'platform809' | 'ota' | 'video' | 'waybill' | 'pressRelease';
  build(values: Record<string, unknown>, edition: Edition): Record<string, unknown>;
}
