// Cluster entry of the instruction service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { InstructionModule } from './instruction.module';

startClusterService({ name: 'instruction', module: InstructionModule }).catch(exitOnStartFailure('instruction'));
