export * from './video-api';
export * from './talk-api';
