export * from './export-task';
export * from './report-api';
