export * from './errors';
export { Reader } from './reader';
export { Writer } from './writer';
export { decodeGbk, encodeGbk, hexOf } from './text';
export * from './schema';
