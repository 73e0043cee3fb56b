export * from './video-api';
