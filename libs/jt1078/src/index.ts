export * from './packet';
export * from './stream';
export * from './remux';
