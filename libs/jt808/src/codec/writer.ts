import * as wire from '@openfleet/wire';
import { JT808_ERRORS } from './reader';

export const Writer = wire.Writer;
export type Writer = wire.Writer;

/** The shared growable writer, failing with Jt808EncodeError. */
export const writer = (size = 256): Writer => new Writer(size, JT808_ERRORS);
