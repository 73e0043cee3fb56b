import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Write transactions of the tracking schema. SQLite (standalone) has one connection, so concurrent
 * transactions (ingest of two partitions, session events) would nest: they run one after another.
 * MySQL transactions run concurrently on the pool.
 */
@Injectable()
export class TrackingTransactions {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly serial: boolean;

  constructor(@InjectDataSource('tracking') private readonly dataSource: DataSource) {
    this.serial = dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    // READ COMMITTED: the concurrent ingest transactions upsert neighbouring keys of vehicle_state and
    // daily_mileage; under REPEATABLE READ their gap locks made them wait on one another.
    if (!this.serial) return this.dataSource.transaction('READ COMMITTED', work);
    const result = this.tail.then(() => this.dataSource.transaction(work));
    this.tail = result.catch(() => undefined);
    return result;
  }
}
