/** The attachment types a record accepts: photos and PDFs, known by their first bytes and their extension. */
export const ATTACHMENT_TYPES = [
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], magic: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extensions: ['png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'application/pdf', extensions: ['pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // "%PDF-"
] as const;

export type AttachmentContentType = (typeof ATTACHMENT_TYPES)[number]['contentType'];

/**
 * The type of an upload when its bytes and its name agree, undefined otherwise: a renamed
 * executable (`.jpg` without the JPEG signature) or a PDF named `.png` is refused, so what the
 * browser is later served inline is what the type says.
 */
export function attachmentTypeOf(fileName: string, bytes: Buffer): { contentType: AttachmentContentType; extension: string } | undefined {
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  const type = ATTACHMENT_TYPES.find((candidate) => (candidate.extensions as readonly string[]).includes(extension));
  if (!type || bytes.length < type.magic.length || type.magic.some((byte, i) => bytes[i] !== byte)) return undefined;
  return { contentType: type.contentType, extension: type.extensions[0] };
}
