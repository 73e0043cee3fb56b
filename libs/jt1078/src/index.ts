export * from './packet';
export * from './stream';
export * from './remux';
export * from './packetizer';
export * from './audio';
