export * from './link-protocol';
export { LinkServer } from './link-server';
export { LinkMetrics } from './link-metrics';
export { SourceLog, sourceHost } from './source-log';
export { LinkPort } from './link-port';
