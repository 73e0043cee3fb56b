export * from './energy-report';
export * from './energy-command';
export * from './battery-api';
export * from './emission-api';
export * from './battery-report-api';
export * from './vehicle-params-api';
