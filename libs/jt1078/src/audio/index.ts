export * from './audio-packets';
export * from './speech-codec';
