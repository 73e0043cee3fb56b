// Helpers of the byte-exact codec tests: layouts are written as hex by hand from the standards' tables.
import { Gb32960DecodeError } from '../errors';

/** Hex with spaces (grouped by field) to bytes. */
export const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** The decode error code a call throws, or 'ok'. */
export function code(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (error instanceof Gb32960DecodeError) return error.code;
    throw error;
  }
}
