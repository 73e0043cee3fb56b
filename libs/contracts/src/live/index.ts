export * from './vehicle-positions';
export * from './hub-events';
export * from './dashboard';
export * from './vehicle-condition';
export * from './vehicle-tracks';
