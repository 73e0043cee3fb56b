import { Reader as WireReader, type CodecErrors } from '@openfleet/wire';
import { Jt808DecodeError, Jt808EncodeError } from '../errors';

export { hexOf } from '@openfleet/wire';

/** JT/T 808's errors for the shared reader and writer of @openfleet/wire. */
export const JT808_ERRORS: CodecErrors = {
  truncated: (message) => new Jt808DecodeError('TRUNCATED', `body ${message}`),
  invalid: (message) => new Jt808DecodeError('BAD_FIELD', message),
  encode: (message) => new Jt808EncodeError(message),
};

/** The shared bounds-checked reader, failing with Jt808DecodeError. */
export class Reader extends WireReader {
  constructor(buf: Buffer, pos: number, end: number) {
    super(buf, pos, end, JT808_ERRORS);
  }
}
