import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { ServiceStorageModule, joinParts, serviceConfigProvider } from '@openfleet/service-kit';
import { FUEL_PART } from './fuel/fuel.part';
import { OPERATION_PART } from './operation/operation.part';
import { RECORDS_PART } from './records/records.part';
import { REMINDERS_PART } from './reminders/reminders.part';
import { VEHICLE_SERVICE_CONFIG, VehicleServiceConfig } from './vehicle-service-config';

const PARTS = joinParts([RECORDS_PART, REMINDERS_PART, FUEL_PART, OPERATION_PART]);

export const VEHICLE_SERVICE_ENTITIES = PARTS.entities;
export const VEHICLE_SERVICE_MIGRATIONS = PARTS.migrations;

/**
 * Vehicle services (/vehicleService): the records a fleet manager keeps per vehicle (insurance,
 * maintenance, annual inspection, violations, accidents), the reminders that fall due from them,
 * and the fuel ledger computed from the positions tracking publishes. Composable.
 */
@Module({
  imports: [
    ServiceStorageModule.forService('vehicle_service', { entities: VEHICLE_SERVICE_ENTITIES, migrations: VEHICLE_SERVICE_MIGRATIONS }),
    TypeOrmModule.forFeature(VEHICLE_SERVICE_ENTITIES, 'vehicle_service'),
    AuthModule,
  ],
  controllers: PARTS.controllers,
  providers: [serviceConfigProvider(VEHICLE_SERVICE_CONFIG, VehicleServiceConfig), vehicleRegistryProvider({ service: 'vehicle-service' }), ...PARTS.providers],
})
export class VehicleServiceModule {}
