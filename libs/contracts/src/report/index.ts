export * from './export-task';
