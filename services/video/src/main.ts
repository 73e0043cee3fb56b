// Cluster entry of the video service: Kafka bus, its own MySQL schema, one HTTP port (API, media WebSocket, HLS), the JT/T 1078 media listeners and the upload FTP server.
import 'reflect-metadata';
import { exitOnStartFailure, startClusterService } from '@openfleet/service-kit';
import { VideoModule } from './video.module';

startClusterService({ name: 'video', module: VideoModule }).catch(exitOnStartFailure('video'));
