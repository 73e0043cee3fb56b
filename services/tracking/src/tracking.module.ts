import { Module, type OnModuleInit } from '@nestjs/common';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { warmPlaceIndex } from '@openfleet/geo';
import { join } from 'node:path';
import { LocalFileStore, PlatformConfig, PROCESS_ENV, ServiceStorageModule, loadConfig, serviceConfigProvider } from '@openfleet/service-kit';
import { ExportJobs } from './export-task/export-jobs';
import { ExportTaskController } from './export-task/export-task.controller';
import { ExportTaskRunner } from './export-task/export-task.runner';
import { EXPORT_FILES, ExportTaskService } from './export-task/export-task.service';
import { TrackingTransactions } from './common/tracking-transactions';
import { PartitionMaintenanceService } from './ingest/partition-maintenance.service';
import { PositionIngestService } from './ingest/position-ingest.service';
import { TrackPointWriter } from './ingest/track-point.writer';
import { LatestPositionService } from './live-state/latest-position.service';
import { DayStatsRecompute } from './live-state/day-stats-recompute';
import { LiveStateService } from './live-state/live-state.service';
import { OnlineSessionRecorder } from './live-state/online-session.recorder';
import { PositionController } from './live-state/position.controller';
import { CreateTrackingTables1732300000000 } from './migrations/1732300000000-create-tracking-tables';
import { CanonicalTerminalPhones1732310000000 } from './migrations/1732310000000-canonical-terminal-phones';
import { ReportTables1732700000000 } from './migrations/1732700000000-report-tables';
import { StateProgressFence1732800000000 } from './migrations/1732800000000-state-progress-fence';
import { RecorderRecords1734100000000 } from './migrations/1734100000000-recorder-records';
import { TerminalRecordsController } from './records/terminal-records.controller';
import { RecorderRecordsController } from './records/recorder-records.controller';
import { RecorderRecordsIngest } from './records/recorder-records.ingest';
import { RecorderRecordsService } from './records/recorder-records.service';
import { TerminalRecordsIngest } from './records/terminal-records.ingest';
import { TerminalRecordsService } from './records/terminal-records.service';
import { ReportController } from './report/report.controller';
import { BehaviourReportService } from './report/behaviour-report.service';
import { ReportService } from './report/report.service';
import { DailyMileageService } from './track/daily-mileage.service';
import { TrackController } from './track/track.controller';
import { TrackQueryService } from './track/track-query.service';
import { VehicleTracksController } from './track/vehicle-tracks.controller';
import { VehicleTracksService } from './track/vehicle-tracks.service';
import { TRACKING_CONFIG, TrackingConfig } from './tracking-config';
import { VehicleCondition1734170000000 } from './migrations/1734170000000-vehicle-condition';
import { VehicleConditionController } from './vehicle-condition/vehicle-condition.controller';
import { ControlStateController } from './vehicle-condition/control-state.controller';
import { VehicleConditionIngest } from './vehicle-condition/vehicle-condition.ingest';
import { VehicleConditionService } from './vehicle-condition/vehicle-condition.service';

// Tables are read and written with SQL (multi-row upserts, partitions): no ORM entities.
export const TRACKING_MIGRATIONS = [CreateTrackingTables1732300000000, CanonicalTerminalPhones1732310000000, ReportTables1732700000000, StateProgressFence1732800000000, RecorderRecords1734100000000, VehicleCondition1734170000000];

/**
 * Positions to storage, live state, history, mileage. Consumes tracking.position.v1 and
 * gateway.session.v2, publishes tracking.vehicle-state.v1, answers /gps/*. Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('tracking', { entities: [], migrations: TRACKING_MIGRATIONS }), AuthModule],
  controllers: [TrackController, PositionController, ReportController, ExportTaskController, TerminalRecordsController, RecorderRecordsController, VehicleTracksController, VehicleConditionController, ControlStateController],
  providers: [
    serviceConfigProvider(TRACKING_CONFIG, TrackingConfig),
    vehicleRegistryProvider({ service: 'tracking' }),
    TrackingTransactions,
    TrackPointWriter,
    LiveStateService,
    DayStatsRecompute,
    OnlineSessionRecorder,
    PositionIngestService,
    PartitionMaintenanceService,
    TrackQueryService,
    DailyMileageService,
    VehicleTracksService,
    LatestPositionService,
    ReportService,
    BehaviourReportService,
    {
      provide: EXPORT_FILES,
      inject: [TRACKING_CONFIG, PROCESS_ENV],
      useFactory: (config: TrackingConfig, env: NodeJS.ProcessEnv) => new LocalFileStore(config.TRACKING_EXPORT_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'exports')),
    },
    ExportJobs,
    ExportTaskService,
    ExportTaskRunner,
    TerminalRecordsIngest,
    TerminalRecordsService,
    RecorderRecordsIngest,
    RecorderRecordsService,
    VehicleConditionIngest,
    VehicleConditionService,
  ],
  exports: [LiveStateService, PartitionMaintenanceService, PositionIngestService, ExportTaskRunner],
})
export class TrackingModule implements OnModuleInit {
  // Answers name places: the index loads in a worker from start, so the first answer has them.
  onModuleInit(): void {
    warmPlaceIndex();
  }
}
