export * from './packet';
export * from './stream';
