import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ClusterLease } from '@openfleet/storage';
import type { DataSource } from 'typeorm';

/**
 * The service's `ClusterLease` (its own database's `sweep_lease`, one holder id per process), for a
 * sweep or scheduler that must run once per cluster: inject `ClusterLease` and wrap the job in
 * `runExclusive` or a `PeriodicSweep`. List it once in the service's module (or part).
 */
export function clusterLeaseProvider(service: string): Provider {
  return { provide: ClusterLease, inject: [getDataSourceToken(service)], useFactory: (dataSource: DataSource) => new ClusterLease(dataSource) };
}
