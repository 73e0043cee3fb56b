// Cluster entry of the fence service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { FenceModule } from './fence.module';

startClusterService({ name: 'fence', module: FenceModule }).catch(exitOnStartFailure('fence'));
