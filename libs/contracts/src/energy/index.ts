export * from './energy-report';
export * from './energy-alarm';
