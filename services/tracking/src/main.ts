// Cluster entry of the tracking service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { TrackingModule } from './tracking.module';

startClusterService({ name: 'tracking', module: TrackingModule }).catch(exitOnStartFailure('tracking'));
