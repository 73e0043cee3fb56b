export * from './vehicle-positions';
export * from './hub-events';
export * from './dashboard';
