export * from './tokens';
export * from './platform-config';
export * from './platform.module';
export * from './service-storage.module';
export * from './health-registry';
export * from './bus-transport';
export * from './bus-factory';
export * from './bootstrap';
export { EnvelopeExceptionFilter } from './envelope-exception.filter';
