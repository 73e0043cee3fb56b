import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, vehicleRegistryProvider } from '@openfleet/auth';
import { warmPlaceIndex } from '@openfleet/geo';
import { LocalFileStore, PlatformConfig, PROCESS_ENV, ServiceStorageModule, joinParts, loadConfig, serviceConfigProvider } from '@openfleet/service-kit';
import { join } from 'node:path';
import { AlarmController } from './alarm/alarm.controller';
import { Alarm } from './alarm/alarm.entity';
import { AlarmCounter } from './alarm/alarm-counter';
import { AlarmExportService } from './alarm/alarm-export.service';
import { AlarmService } from './alarm/alarm.service';
import { ALARM_CONFIG, AlarmConfig } from './alarm-config';
import { AlarmDetectorService } from './detection/alarm-detector.service';
import { RuleStateStore } from './detection/rule-state.store';
import { AlarmAttachment, AlarmEvidence } from './evidence/alarm-evidence.entity';
import { AttachmentServer, EVIDENCE_STORE } from './evidence/attachment-server';
import { EvidenceController } from './evidence/evidence.controller';
import { EvidenceService } from './evidence/evidence.service';
import { CreateAlarmTables1732420000000 } from './migrations/1732420000000-create-alarm-tables';
import { CreateAlarmEvidenceTables1732500000000 } from './migrations/1732500000000-create-alarm-evidence-tables';
import { AlarmConfigByType1732510000000 } from './migrations/1732510000000-alarm-config-by-type';
import { AlarmHourlyCounts1732520000000 } from './migrations/1732520000000-alarm-hourly-counts';
import { AlarmRuleState1734900000300 } from './migrations/1734900000300-alarm-rule-state';
import { AlarmRule } from './rules/alarm-rule.entity';
import { AlarmReportController } from './reports/alarm-report.controller';
import { AlarmReportService } from './reports/alarm-report.service';
import { AlarmRulesController, AlarmTypeConfigController } from './rules/alarm-rules.controller';
import { AlarmTypeConfig } from './rules/alarm-type-config.entity';
import { AlarmTypeConfigService } from './rules/alarm-type-config.service';
import { AlarmRulesService } from './rules/alarm-rules.service';
import { FAULT_PART } from './faults/fault.part';
import { RESCUE_PART } from './rescue/rescue.part';

// Features in folders of their own (src/<feature>/<feature>.part.ts): rescue cases, faults.
const PARTS = joinParts([RESCUE_PART, FAULT_PART]);

export const ALARM_ENTITIES = [Alarm, AlarmRule, AlarmTypeConfig, AlarmEvidence, AlarmAttachment, ...PARTS.entities];
export const ALARM_MIGRATIONS = [CreateAlarmTables1732420000000, CreateAlarmEvidenceTables1732500000000, AlarmConfigByType1732510000000, AlarmHourlyCounts1732520000000, AlarmRuleState1734900000300, ...PARTS.migrations];

/**
 * Alarms: detection from the terminals' alarm bits and from fence events (alarm.event.v1),
 * the alarm list and handling (/gps/alarm). Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('alarm', { entities: ALARM_ENTITIES, migrations: ALARM_MIGRATIONS }), TypeOrmModule.forFeature(ALARM_ENTITIES, 'alarm'), AuthModule],
  controllers: [AlarmRulesController, AlarmTypeConfigController, AlarmReportController, EvidenceController, AlarmController, ...PARTS.controllers],
  providers: [
    serviceConfigProvider(ALARM_CONFIG, AlarmConfig),
    {
      provide: EVIDENCE_STORE,
      inject: [ALARM_CONFIG, PROCESS_ENV],
      useFactory: (config: AlarmConfig, env: NodeJS.ProcessEnv) => new LocalFileStore(config.ALARM_EVIDENCE_DIR || join(loadConfig(PlatformConfig, env).DATA_DIR, 'alarm-evidence')),
    },
    vehicleRegistryProvider({ service: 'alarm' }),
    AlarmRulesService,
    AlarmTypeConfigService,
    AlarmCounter,
    AlarmService,
    AlarmExportService,
    AlarmReportService,
    AttachmentServer,
    EvidenceService,
    RuleStateStore,
    AlarmDetectorService,
    ...PARTS.providers,
  ],
  exports: [AlarmDetectorService, AttachmentServer],
})
export class AlarmModule implements OnModuleInit {
  // Answers name places: the index loads in a worker from start, so the first answer has them.
  onModuleInit(): void {
    warmPlaceIndex();
  }
}
