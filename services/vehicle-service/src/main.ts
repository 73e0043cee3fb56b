// Cluster entry of the vehicle-service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { VehicleServiceModule } from './vehicle-service.module';

startClusterService({ name: 'vehicle-service', module: VehicleServiceModule }).catch(exitOnStartFailure('vehicle-service'));
