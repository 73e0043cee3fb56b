import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TransactionRunner } from '@openfleet/storage';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Write transactions of the tracking schema: serial on SQLite (one connection), concurrent and READ
 * COMMITTED on MySQL, as every service's through {@link TransactionRunner}.
 */
@Injectable()
export class TrackingTransactions {
  private readonly runner: TransactionRunner;

  constructor(@InjectDataSource('tracking') dataSource: DataSource) {
    this.runner = new TransactionRunner(dataSource);
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.runner.run(work);
  }
}
