import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { VehicleLiveState } from './vehicle-live-state';

/** Why an online spell ended: the gateway's reason for a closed session, or our own timeout. */
export const TIMEOUT_CAUSE = 'timeout';

/**
 * online_session: one row per online spell of a terminal, opened when tracking first sees it
 * online and closed when it goes offline, with the cause. The online rate and online duration of
 * the reports are computed from these rows, not from the live snapshot. Every state the live
 * service looks at (each batch, and the 10 s sweep of the whole owned fleet) passes through
 * observe, so a write that fails is simply made again on the next look.
 */
@Injectable()
export class OnlineSessionRecorder {
  private readonly logger = new Logger(OnlineSessionRecorder.name);
  /** Open spells by terminal: their start, ms. */
  private open = new Map<string, number>();

  constructor(@InjectDataSource('tracking') private readonly dataSource: DataSource) {}

  /** Reads the open spells (at start and after every partition assignment). */
  async reload(): Promise<void> {
    const rows: { terminal_phone: string; started_at: number | string }[] = await this.dataSource.query('SELECT terminal_phone, started_at FROM online_session WHERE ended_at IS NULL');
    this.open = new Map(rows.map((row) => [row.terminal_phone, Number(row.started_at)]));
  }

  /** Opens or closes the spells of these states; `online` is the live service's judgement. */
  async observe(states: readonly VehicleLiveState[], online: (state: VehicleLiveState) => boolean, vehicleIdOf: (state: VehicleLiveState) => string): Promise<void> {
    for (const state of states) {
      const startedAt = this.open.get(state.terminalPhone);
      const isOnline = online(state);
      if (isOnline === (startedAt !== undefined)) continue;
      try {
        if (isOnline) {
          await this.dataSource.query('INSERT INTO online_session (terminal_phone, vehicle_id, started_at) VALUES (?, ?, ?)', [state.terminalPhone, vehicleIdOf(state), state.lastHeardMs]);
          this.open.set(state.terminalPhone, state.lastHeardMs);
        } else {
          // The spell ends when the terminal was last heard, not when the sweep noticed the silence.
          const cause = state.sessionOnline === false ? (state.offlineReason ?? 'closed') : TIMEOUT_CAUSE;
          await this.dataSource.query('UPDATE online_session SET ended_at = ?, end_cause = ? WHERE terminal_phone = ? AND ended_at IS NULL', [Math.max(startedAt!, state.lastHeardMs), cause.slice(0, 16), state.terminalPhone]);
          this.open.delete(state.terminalPhone);
        }
      } catch (error) {
        this.logger.warn(`online session of ${state.terminalPhone} not recorded yet (next sweep retries): ${(error as Error).message}`);
        return;
      }
    }
  }
}
