// Cluster entry of the frame-archive service: Kafka bus, its own MySQL schema, one HTTP port.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { FrameArchiveModule } from './frame-archive.module';

startClusterService({ name: 'frame-archive', module: FrameArchiveModule }).catch(exitOnStartFailure('frame-archive'));
