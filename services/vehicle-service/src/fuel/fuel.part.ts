import type { VehicleServicePart } from '../part';
import { FuelController } from './fuel.controller';
import { FUEL_ENTITIES } from './fuel.entities';
import { FuelExportService } from './fuel-export.service';
import { FuelLedgerConsumer } from './fuel-ledger.consumer';
import { FuelQueryService } from './fuel-query.service';
import { FuelSettingsService } from './fuel-settings.service';
import { FuelTankDirectory } from './fuel-tank-directory';
import { CreateFuelTables1733290000000 } from './migrations/1733290000000-create-fuel-tables';

/** The fuel ledger: levels, refuelling and theft events, consumption (docs/fuel.md). */
export const FUEL_PART: VehicleServicePart = {
  entities: FUEL_ENTITIES,
  migrations: [CreateFuelTables1733290000000],
  controllers: [FuelController],
  providers: [FuelTankDirectory, FuelSettingsService, FuelLedgerConsumer, FuelQueryService, FuelExportService],
};
