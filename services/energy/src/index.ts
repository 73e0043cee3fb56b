export { EnergyModule, ENERGY_ENTITIES, ENERGY_MIGRATIONS } from './energy.module';
export { Gb32960Server } from './gateway/gb32960-server';
export { VehicleCommandHop } from './vehicle-params/command-hop';
export { Hj1239Server } from './gateway/hj1239-server';
export { EmissionIngestService } from './emission/emission-ingest.service';
export { EnergyPartitionMaintenance } from './storage/energy-partition-maintenance.service';
export { EnergyIngestService } from './ingest/energy-ingest.service';
