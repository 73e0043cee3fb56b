export * from './energy-report';
export * from './battery-api';
export * from './emission-api';
export * from './battery-report-api';
