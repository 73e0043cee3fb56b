// Cluster entry of the alarm service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { AlarmModule } from './alarm.module';

startClusterService({ name: 'alarm', module: AlarmModule }).catch(exitOnStartFailure('alarm'));
