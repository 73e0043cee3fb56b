export * from './alarm-api';
export * from './alarm-report-api';
