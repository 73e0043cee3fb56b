export * from './vehicle-positions';
export * from './hub-events';
