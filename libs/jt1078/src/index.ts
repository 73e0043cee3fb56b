export * from './packet';
export * from './stream';
export * from './remux';
export * from './packetizer';
export * from './audio';
export * from './h265-packetizer';
