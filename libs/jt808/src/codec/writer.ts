import { Writer as WireWriter } from '@openfleet/wire';
import { JT808_ERRORS } from './reader';

/** The shared growable writer, failing with Jt808EncodeError. */
export class Writer extends WireWriter {
  constructor(size = 256) {
    super(size, JT808_ERRORS);
  }
}
