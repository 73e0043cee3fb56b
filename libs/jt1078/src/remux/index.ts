export * from './annexb';
export * from './audio';
export * from './fmp4';
export * from './flac';
export * from './g726';
export * from './h264-sps';
export * from './h265-sps';
export * from './remuxer';
