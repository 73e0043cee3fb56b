export * from './alarm-api';
export * from './alarm-report-api';
export * from './rescue-api';
export * from './fault-api';
export type { RescueCaseEvent } from './rescue-event';
