// Cluster entry of the industry service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { IndustryModule } from './industry.module';

startClusterService({ name: 'industry', module: IndustryModule }).catch(exitOnStartFailure('industry'));
