// Cluster entry of the energy service: Kafka bus, its own MySQL schema, one HTTP port, the GB/T 32960 gateway.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { EnergyModule } from './energy.module';

startClusterService({ name: 'energy', module: EnergyModule }).catch(exitOnStartFailure('energy'));
