import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RuleState } from '../rules/platform-rules';
import type { TerminalAlarms } from './alarm-detection';

/** What survives a restart of a terminal's detection besides its open alarms (which are rows already). */
export interface StoredRuleState {
  rules: RuleState;
  lastPosition?: { lat: number; lng: number };
}

const CHUNK = 500;
/**
 * A terminal whose counts did not change is written again at most this often (its `lastAt` moves with
 * every position): a member taking it over reads a `lastAt` at most this old, far inside the gaps the
 * rules judge (5 minutes for overspeed, minutes of rest for fatigue). Writing every terminal of every
 * batch cost the alarm service 12 % of its throughput (bench:alarm, 23,035 -> 20,007 positions per CPU-s).
 */
export const RULE_STATE_REFRESH_MS = 60_000;

/** What decides a write: the accumulators, not `lastAt` or the last position (both refreshed with the rest every RULE_STATE_REFRESH_MS). */
function countsKey(state: TerminalAlarms): string {
  const { overSince, drivingSince, restingSince, stoppedSince } = state.rules;
  return `${overSince}|${drivingSince}|${restingSince}|${stoppedSince}`;
}

/**
 * The platform rules' accumulators (overspeed since, driving since, resting since, stopped since)
 * per terminal in `alarm_rule_state`. Kept in memory by the member that owns the terminal's
 * partition, written after each batch's alarms, read back on assignment: the member that takes a
 * terminal over (a rebalance, a restart) continues its counts instead of starting from zero, which
 * would end an open fatigue alarm at the next position and start it again hours later.
 */
@Injectable()
export class RuleStateStore {
  private readonly sqlite: boolean;

  /** Per terminal: the counts last written and when. */
  private readonly written = new Map<string, { key: string; at: number }>();
  /** Terminals seen since their last write (their state objects, current whenever read). */
  private readonly pending = new Map<string, TerminalAlarms>();

  constructor(@InjectDataSource('alarm') private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
  }

  async all(): Promise<Map<string, StoredRuleState>> {
    // A (re)assignment starts the bookkeeping over: what another member wrote meanwhile is not ours.
    this.written.clear();
    this.pending.clear();
    return parsed(await this.dataSource.query('SELECT terminal_phone, state FROM alarm_rule_state'));
  }

  /**
   * The stored counts of some terminals (after a failed batch: they go on from their last write, as
   * after a crash), and their bookkeeping starts over: the states of the failed attempt are dropped.
   */
  async of(phones: readonly string[]): Promise<Map<string, StoredRuleState>> {
    const rows: { terminal_phone: string; state: string }[] = [];
    for (let i = 0; i < phones.length; i += CHUNK) {
      const chunk = phones.slice(i, i + CHUNK);
      rows.push(...(await this.dataSource.query(`SELECT terminal_phone, state FROM alarm_rule_state WHERE terminal_phone IN (${chunk.map(() => '?').join(', ')})`, chunk)));
    }
    for (const phone of phones) {
      this.written.delete(phone);
      this.pending.delete(phone);
    }
    return parsed(rows);
  }

  /**
   * One multi-row upsert per chunk of the terminals whose counts changed since their last write, or
   * whose last write is RULE_STATE_REFRESH_MS old.
   */
  async save(states: readonly TerminalAlarms[], now = Date.now()): Promise<void> {
    const due = states.filter((state) => {
      const last = this.written.get(state.phone);
      const write = !last || last.key !== countsKey(state) || now - last.at >= RULE_STATE_REFRESH_MS;
      if (!write) this.pending.set(state.phone, state);
      return write;
    });
    await this.write(due, now);
  }

  /** Writes every terminal seen since its last write: a member that stops hands over exact counts. */
  async flush(now = Date.now()): Promise<void> {
    await this.write([...this.pending.values()], now);
  }

  private async write(due: readonly TerminalAlarms[], now: number): Promise<void> {
    for (let i = 0; i < due.length; i += CHUNK) {
      const chunk = due.slice(i, i + CHUNK);
      const values = chunk.flatMap((state) => [state.phone, JSON.stringify({ rules: state.rules, lastPosition: state.lastPosition } satisfies StoredRuleState), now]);
      const tuples = chunk.map(() => '(?, ?, ?)').join(', ');
      const upsert = this.sqlite
        ? 'ON CONFLICT (terminal_phone) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at'
        : 'ON DUPLICATE KEY UPDATE state = VALUES(state), updated_at = VALUES(updated_at)';
      await this.dataSource.query(`INSERT INTO alarm_rule_state (terminal_phone, state, updated_at) VALUES ${tuples} ${upsert}`, values);
      for (const state of chunk) {
        this.written.set(state.phone, { key: countsKey(state), at: now });
        this.pending.delete(state.phone);
      }
    }
  }
}

function parsed(rows: { terminal_phone: string; state: string }[]): Map<string, StoredRuleState> {
  const found = new Map<string, StoredRuleState>();
  for (const row of rows) {
    try {
      found.set(row.terminal_phone, JSON.parse(row.state) as StoredRuleState);
    } catch {
      // A row that does not parse starts over, as before this table existed.
    }
  }
  return found;
}
