import { Module } from '@nestjs/common';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { ServiceStorageModule, joinParts } from '@openfleet/service-kit';
import { FRAMES_PART } from './frames/frames.part';

const PARTS = joinParts([FRAMES_PART]);

export const FRAME_ARCHIVE_MIGRATIONS = PARTS.migrations;

/**
 * The raw-frame archive (/frameArchive): every frame the gateways see (gateway.raw-frames.v1),
 * stored by terminal and day with retention, searched and decoded on read for the original-message
 * query. A service of its own because it is the platform's highest-volume writer: it must not
 * compete with tracking for a database, and it scales on its own. Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('frame_archive', { entities: PARTS.entities, migrations: PARTS.migrations }), AuthModule],
  controllers: PARTS.controllers,
  providers: [vehicleRegistryProvider({ service: 'frame-archive' }), ...PARTS.providers],
})
export class FrameArchiveModule {}
