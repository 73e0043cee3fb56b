import { Module } from '@nestjs/common';
import { VehicleParamsController } from './vehicle-params/vehicle-params.controller';
import { VehicleParamsService } from './vehicle-params/vehicle-params.service';
import { VehicleCommandHop } from './vehicle-params/command-hop';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { LocalFileStore, loadConfig, PlatformConfig, PROCESS_ENV, ServiceStorageModule, serviceConfigProvider } from '@openfleet/service-kit';
import { join } from 'node:path';
import { EnergyController } from './api/energy.controller';
import { EnergyVinController } from './api/energy-vin.controller';
import { EnergyService } from './api/energy.service';
import { BatteryController } from './battery/battery.controller';
import { BatteryModel, BatteryModule, BatteryPack, BatteryRecord } from './battery/battery.entities';
import { BatteryService } from './battery/battery.service';
import { OtaController } from './ota/ota.controller';
import { OtaPackage, OtaTask } from './ota/ota.entities';
import { OTA_STORE, OtaService } from './ota/ota.service';
import { ENERGY_CONFIG, EnergyConfig } from './energy-config';
import { EmissionController } from './emission/emission.controller';
import { EmissionObdRow, EmissionStreamRow } from './emission/emission.entities';
import { EmissionIngestService } from './emission/emission-ingest.service';
import { EmissionService } from './emission/emission.service';
import { Gb32960Server } from './gateway/gb32960-server';
import { Hj1239Server } from './gateway/hj1239-server';
import { VinLinkTracking } from './tracking/vin-link-tracking';
import { EnergyIngestService } from './ingest/energy-ingest.service';
import { CreateEnergyTables1732560000000 } from './migrations/1732560000000-create-energy-tables';
import { EnergyReportByDay1732570000000 } from './migrations/1732570000000-energy-report-by-day';
import { BatteryTraceability1732580000000 } from './migrations/1732580000000-battery-traceability';
import { OtaTables1732590000000 } from './migrations/1732590000000-ota-tables';
import { EmissionTables1732600000000 } from './migrations/1732600000000-emission-tables';
import { EnergyPartitionMaintenance } from './storage/energy-partition-maintenance.service';
import { EnergyReportRow } from './storage/energy-report.entity';
import { EnergyVehicleState } from './storage/energy-vehicle-state.entity';

export const ENERGY_ENTITIES = [EnergyReportRow, EnergyVehicleState, BatteryModel, BatteryPack, BatteryModule, BatteryRecord, OtaPackage, OtaTask, EmissionStreamRow, EmissionObdRow];
export const ENERGY_MIGRATIONS = [CreateEnergyTables1732560000000, EnergyReportByDay1732570000000, BatteryTraceability1732580000000, OtaTables1732590000000, EmissionTables1732600000000];

/**
 * New energy: the GB/T 32960 gateway (TCP) publishing accepted reports (energy.report.v2), their
 * ingest into day-partitioned storage with the vehicles' latest state and battery alarms
 * (alarm.detected.v1), the latest report and the chart series (/energy). Composable. battery traceability (/energy/battery), OTA (/energy/ota), and the HJ 1239 emission gateway
 * (TCP) with its ingest (emission.report.v1 -> emission_stream, emission_obd) and API (/energy/emission).
 */
@Module({
  imports: [ServiceStorageModule.forService('energy', { entities: ENERGY_ENTITIES, migrations: ENERGY_MIGRATIONS }), TypeOrmModule.forFeature(ENERGY_ENTITIES, 'energy'), AuthModule],
  controllers: [EnergyController, EnergyVinController, BatteryController, OtaController, EmissionController, VehicleParamsController],
  providers: [serviceConfigProvider(ENERGY_CONFIG, EnergyConfig), // states: the VIN links stop feeding tracking while the vehicle's 808 terminal is online.
    vehicleRegistryProvider({ service: 'energy', follow: { states: true } }),
    EnergyService,
    VehicleParamsService,
    VehicleCommandHop,
    BatteryService,
    {
      provide: OTA_STORE,
      inject: [ENERGY_CONFIG, PROCESS_ENV],
      useFactory: (config: EnergyConfig, env: NodeJS.ProcessEnv) => new LocalFileStore(config.ENERGY_OTA_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'ota-packages')),
    },
    OtaService, VinLinkTracking, Gb32960Server, EnergyIngestService, EnergyPartitionMaintenance, EmissionService, Hj1239Server, EmissionIngestService],
  exports: [Gb32960Server, VehicleCommandHop, Hj1239Server, EnergyIngestService, EmissionIngestService, EnergyPartitionMaintenance],
})
export class EnergyModule {}
