export * from './fence-model';
export * from './fence-event';
