export * from './energy-report';
export * from './energy-alarm';
export * from './battery-api';
export * from './emission-api';
export * from './battery-report-api';
