import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@openfleet/auth';
import { ServiceStorageModule, serviceConfigProvider } from '@openfleet/service-kit';
import { AlarmController } from './alarm/alarm.controller';
import { Alarm } from './alarm/alarm.entity';
import { AlarmService } from './alarm/alarm.service';
import { ALARM_CONFIG, AlarmConfig } from './alarm-config';
import { AlarmDetectorService } from './detection/alarm-detector.service';
import { CreateAlarmTables1732420000000 } from './migrations/1732420000000-create-alarm-tables';
import { AlarmVehicleRegistry } from './registry/alarm-vehicle-registry';
import { AlarmRule } from './rules/alarm-rule.entity';
import { AlarmRulesController } from './rules/alarm-rules.controller';
import { AlarmRulesService } from './rules/alarm-rules.service';

export const ALARM_ENTITIES = [Alarm, AlarmRule];
export const ALARM_MIGRATIONS = [CreateAlarmTables1732420000000];

/**
 * Alarms: detection from the terminals' alarm bits and from fence events (alarm.event.v1),
 * the alarm list and handling (/gps/alarm). Composable.
 */
@Module({
  imports: [ServiceStorageModule.forService('alarm', { entities: ALARM_ENTITIES, migrations: ALARM_MIGRATIONS }), TypeOrmModule.forFeature(ALARM_ENTITIES, 'alarm'), AuthModule],
  controllers: [AlarmRulesController, AlarmController],
  providers: [serviceConfigProvider(ALARM_CONFIG, AlarmConfig), AlarmVehicleRegistry, AlarmRulesService, AlarmService, AlarmDetectorService],
  exports: [AlarmDetectorService],
})
export class AlarmModule {}
