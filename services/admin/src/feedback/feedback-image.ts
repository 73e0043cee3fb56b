/** Token of the feedback screenshots' file store (DATA_DIR/feedback, or a volume every instance mounts). */
export const FEEDBACK_FILE_STORE = Symbol('FEEDBACK_FILE_STORE');

/** The picture's kind from its first bytes (the browser's file name and type are not trusted), or undefined. */
export function imageKind(bytes: Buffer): { ext: string; contentType: string } | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', contentType: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return { ext: 'gif', contentType: 'image/gif' };
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { ext: 'webp', contentType: 'image/webp' };
  return undefined;
}

export const CONTENT_TYPE_OF_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
