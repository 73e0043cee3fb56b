import { Inject, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { dataSourceOptionsFor, ensureMysqlDatabase, type ServiceSchema, type StorageConfig } from '@openfleet/storage';
import type { DataSource } from 'typeorm';
import { HealthRegistry } from './health-registry';
import { STORAGE_CONFIG } from './tokens';

/**
 * One service's own database: a named TypeORM DataSource (`@InjectDataSource('<service>')`,
 * `TypeOrmModule.forFeature([...], '<service>')`), migrations run at start, and a `/health` probe.
 */
@Module({})
export class ServiceStorageModule {
  static forService(service: string, schema: ServiceSchema): DynamicModule {
    const token = getDataSourceToken(service);
    class StorageProbe {
      constructor(@Inject(token) dataSource: DataSource, registry: HealthRegistry) {
        registry.register(`db:${service}`, async () => {
          await dataSource.query('SELECT 1');
          return true;
        });
      }
    }
    return {
      module: ServiceStorageModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: service,
          inject: [STORAGE_CONFIG],
          useFactory: async (storage: StorageConfig) => {
            if (storage.engine === 'mysql') await ensureMysqlDatabase(storage, service);
            // Nest retries the connection while the database is still starting (cluster start order).
            return { ...dataSourceOptionsFor(service, storage, schema), retryAttempts: 10, retryDelay: 2000 };
          },
        }),
      ],
      providers: [StorageProbe],
      exports: [TypeOrmModule],
    };
  }
}
