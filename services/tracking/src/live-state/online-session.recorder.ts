import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimitedLog } from '@openfleet/service-kit';
import type { DataSource } from 'typeorm';
import { TrackingTransactions } from '../common/tracking-transactions';
import type { VehicleLiveState } from './vehicle-live-state';

/** Why an online spell ended: the gateway's reason for a closed session, or our own timeout. */
export const TIMEOUT_CAUSE = 'timeout';

/** Spells opened or closed per statement (5 parameters each at most: far below SQLite's 32,766). */
const SPELLS_PER_STATEMENT = 500;

/**
 * online_session: one row per online spell of a terminal, opened when tracking first sees it
 * online and closed when it goes offline, with the cause. The online rate and online duration of
 * the reports are computed from these rows, not from the live snapshot. Every state the live
 * service looks at (each batch, and the 10 s sweep of the whole owned fleet) passes through
 * observe, so a write that fails is simply made again on the next look. The writes of one look go
 * in one transaction.
 */
@Injectable()
export class OnlineSessionRecorder {
  private readonly failures = new RateLimitedLog(new Logger(OnlineSessionRecorder.name));
  /** Open spells by terminal: their start, ms. */
  private open = new Map<string, number>();

  constructor(
    @InjectDataSource('tracking') private readonly dataSource: DataSource,
    private readonly transactions: TrackingTransactions,
  ) {}

  /** Reads the open spells (at start and after every partition assignment). */
  async reload(): Promise<void> {
    const rows: { terminal_phone: string; started_at: number | string }[] = await this.dataSource.query('SELECT terminal_phone, started_at FROM online_session WHERE ended_at IS NULL');
    this.open = new Map(rows.map((row) => [row.terminal_phone, Number(row.started_at)]));
  }

  /** Opens or closes the spells of these states; `online` is the live service's judgement. */
  async observe(states: readonly VehicleLiveState[], online: (state: VehicleLiveState) => boolean, vehicleIdOf: (state: VehicleLiveState) => string): Promise<void> {
    const opened: { terminalPhone: string; vehicleId: string; at: number }[] = [];
    const closed: { terminalPhone: string; at: number; cause: string }[] = [];
    for (const state of states) {
      const startedAt = this.open.get(state.terminalPhone);
      const isOnline = online(state);
      if (isOnline === (startedAt !== undefined)) continue;
      if (isOnline) opened.push({ terminalPhone: state.terminalPhone, vehicleId: vehicleIdOf(state), at: state.lastHeardMs });
      // The spell ends when the terminal was last heard, not when the sweep noticed the silence.
      else closed.push({ terminalPhone: state.terminalPhone, at: Math.max(startedAt!, state.lastHeardMs), cause: (state.sessionOnline === false ? (state.offlineReason ?? 'closed') : TIMEOUT_CAUSE).slice(0, 16) });
    }
    if (!opened.length && !closed.length) return;
    try {
      // In the tracking transactions: on SQLite's one connection a bare write could land inside
      // (and be rolled back with) another transaction while the map here says it was made.
      // A few statements per look, not one per terminal: after a restart or a backlog the first
      // batches open a spell for every terminal they carry (hundreds per batch), and one round trip
      // each held the batch (and its partition) for seconds.
      await this.transactions.run(async (manager) => {
        for (let start = 0; start < opened.length; start += SPELLS_PER_STATEMENT) {
          const chunk = opened.slice(start, start + SPELLS_PER_STATEMENT);
          await manager.query(
            `INSERT INTO online_session (terminal_phone, vehicle_id, started_at) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
            chunk.flatMap((spell) => [spell.terminalPhone, spell.vehicleId, spell.at]),
          );
        }
        for (let start = 0; start < closed.length; start += SPELLS_PER_STATEMENT) {
          const chunk = closed.slice(start, start + SPELLS_PER_STATEMENT);
          const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
          await manager.query(
            `UPDATE online_session SET ended_at = CASE terminal_phone ${cases} END, end_cause = CASE terminal_phone ${cases} END WHERE ended_at IS NULL AND terminal_phone IN (${chunk.map(() => '?').join(', ')})`,
            [...chunk.flatMap((spell) => [spell.terminalPhone, spell.at]), ...chunk.flatMap((spell) => [spell.terminalPhone, spell.cause]), ...chunk.map((spell) => spell.terminalPhone)],
          );
        }
      });
    } catch (error) {
      this.failures.write('warn', `online spells not recorded yet (the next sweep retries): ${(error as Error).message}`);
      return;
    }
    for (const spell of opened) this.open.set(spell.terminalPhone, spell.at);
    for (const spell of closed) this.open.delete(spell.terminalPhone);
  }
}
