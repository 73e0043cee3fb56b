import { serviceConfigProvider, type ServicePart } from '@openfleet/service-kit';
import { FRAME_ARCHIVE_CONFIG, FrameArchiveConfig } from './frame-archive-config';
import { FrameArchiveController } from './frame-archive.controller';
import { FrameExportService } from './frame-export.service';
import { FrameIngestConsumer } from './frame-ingest.consumer';
import { FrameQueryService } from './frame-query.service';
import { FrameRetentionService } from './frame-retention.service';
import { CreateRawFrameTable1733500000000 } from './migrations/1733500000000-create-raw-frame-table';

/** Raw frames: ingest from gateway.raw-frames.v1, retention, the original-message query (docs/frame-archive.md). */
export const FRAMES_PART: ServicePart = {
  entities: [],
  migrations: [CreateRawFrameTable1733500000000],
  controllers: [FrameArchiveController],
  providers: [serviceConfigProvider(FRAME_ARCHIVE_CONFIG, FrameArchiveConfig), FrameIngestConsumer, FrameQueryService, FrameExportService, FrameRetentionService],
};
