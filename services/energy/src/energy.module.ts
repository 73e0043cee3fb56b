import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@openfleet/auth';
import { ServiceStorageModule, serviceConfigProvider } from '@openfleet/service-kit';
import { EnergyController } from './api/energy.controller';
import { EnergyService } from './api/energy.service';
import { ENERGY_CONFIG, EnergyConfig } from './energy-config';
import { Gb32960Server } from './gateway/gb32960-server';
import { CreateEnergyTables1732560000000 } from './migrations/1732560000000-create-energy-tables';
import { EnergyVehicleRegistry } from './registry/energy-vehicle-registry';
import { EnergyRealtime } from './storage/energy-realtime.entity';

export const ENERGY_ENTITIES = [EnergyRealtime];
export const ENERGY_MIGRATIONS = [CreateEnergyTables1732560000000];

/**
 * New energy: the GB/T 32960 gateway (TCP), battery reports stored per vehicle, the latest report
 * and the chart series (/energy). Composable. Battery traceability, OTA and emissions follow.
 */
@Module({
  imports: [ServiceStorageModule.forService('energy', { entities: ENERGY_ENTITIES, migrations: ENERGY_MIGRATIONS }), TypeOrmModule.forFeature(ENERGY_ENTITIES, 'energy'), AuthModule],
  controllers: [EnergyController],
  providers: [serviceConfigProvider(ENERGY_CONFIG, EnergyConfig), EnergyVehicleRegistry, EnergyService, Gb32960Server],
  exports: [Gb32960Server],
})
export class EnergyModule {}
