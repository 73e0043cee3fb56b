import { LocalFileStore, PlatformConfig, PROCESS_ENV, loadConfig } from '@openfleet/service-kit';
import { join } from 'node:path';
import type { ServicePart } from '@openfleet/service-kit';
import { FuelExportTaskController } from './export/fuel-export-task.controller';
import { FuelExportTask } from './export/fuel-export-task.entity';
import { FUEL_EXPORT_FILES, FuelExportTaskService } from './export/fuel-export-task.service';
import { FuelController } from './fuel.controller';
import { FUEL_ENTITIES } from './fuel.entities';
import { FuelExportService } from './fuel-export.service';
import { FuelLedgerConsumer } from './fuel-ledger.consumer';
import { FuelQueryService } from './fuel-query.service';
import { FuelSettingsService } from './fuel-settings.service';
import { FuelTankDirectory } from './fuel-tank-directory';
import { CreateFuelTables1733290000000 } from './migrations/1733290000000-create-fuel-tables';
import { CreateFuelExportTask1733290000001 } from './migrations/1733290000001-create-fuel-export-task';

/** The fuel ledger: levels, refuelling and theft events, consumption (docs/fuel.md). */
export const FUEL_PART: ServicePart = {
  entities: [...FUEL_ENTITIES, FuelExportTask],
  migrations: [CreateFuelTables1733290000000, CreateFuelExportTask1733290000001],
  controllers: [FuelController, FuelExportTaskController],
  providers: [
    FuelTankDirectory,
    FuelSettingsService,
    FuelLedgerConsumer,
    FuelQueryService,
    FuelExportService,
    FuelExportTaskService,
    // Offline downloads: DATA_DIR/fuel-exports (a volume every instance mounts in cluster mode).
    { provide: FUEL_EXPORT_FILES, inject: [PROCESS_ENV], useFactory: (env: NodeJS.ProcessEnv) => new LocalFileStore(join(loadConfig(PlatformConfig, env).DATA_DIR, 'fuel-exports')) },
  ],
};
