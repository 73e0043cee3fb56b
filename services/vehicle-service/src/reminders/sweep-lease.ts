import { InjectRepository } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { ReminderLeaseEntity } from './reminder.entities';

export const DAILY_SWEEP = 'daily-sweep';

/**
 * The database lease that lets one instance at a time run the sweep, in cluster mode or not. The
 * row exists from the migration on; taking it is one conditional UPDATE (free or expired, and for
 * the scheduled run not yet done today), so of two instances asking at once exactly one is told
 * yes. An instance that dies while holding it blocks the others only until `expires_at`.
 */
@Injectable()
export class SweepLease {
  constructor(@InjectRepository(ReminderLeaseEntity, 'vehicle_service') private readonly leases: Repository<ReminderLeaseEntity>) {}

  /** True when `owner` now holds the lease until nowMs + ttlMs. `notDoneOn`: refuse when the last finished run was that day. */
  async take(owner: string, nowMs: number, ttlMs: number, notDoneOn?: string): Promise<boolean> {
    const query = this.leases
      .createQueryBuilder()
      .update(ReminderLeaseEntity)
      .set({ owner, expiresAt: nowMs + ttlMs })
      .where('name = :name AND expires_at < :now', { name: DAILY_SWEEP, now: nowMs });
    if (notDoneOn) query.andWhere('last_day <> :day', { day: notDoneOn });
    const result = await query.execute();
    return Boolean(result.affected);
  }

  /** Frees the lease if `owner` still holds it; `finishedDay` records a completed run. */
  async release(owner: string, finishedDay?: string): Promise<void> {
    await this.leases.update({ name: DAILY_SWEEP, owner }, { owner: '', expiresAt: 0, ...(finishedDay ? { lastDay: finishedDay } : {}) });
  }
}
