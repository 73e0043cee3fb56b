// Cluster entry of the admin service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { AdminModule } from './admin.module';

startClusterService({ name: 'admin', module: AdminModule }).catch(exitOnStartFailure('admin'));
