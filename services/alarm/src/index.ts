export { AlarmModule, ALARM_ENTITIES, ALARM_MIGRATIONS } from './alarm.module';
export { AlarmDetectorService } from './detection/alarm-detector.service';
export { AttachmentServer } from './evidence/attachment-server';
