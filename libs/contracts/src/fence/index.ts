export * from './fence-model';
export * from './fence-event';
export * from './fence-api';
