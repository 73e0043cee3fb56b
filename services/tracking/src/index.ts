export { TrackingModule, TRACKING_MIGRATIONS } from './tracking.module';
export { TrackingConfig } from './tracking-config';
export { LiveStateService } from './live-state/live-state.service';
export { PositionIngestService } from './ingest/position-ingest.service';
export { PartitionMaintenanceService } from './ingest/partition-maintenance.service';
export { ExportTaskRunner } from './export-task/export-task.runner';
