export * from './storage-config';
export * from './data-source';
export * from './migration-helpers';
export * from './columns';
export * from './scope-sql';
export * from './test-storage';
export * from './bulk-rows';
export * from './daily-partitions';
