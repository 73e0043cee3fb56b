import { attachmentTypeOf } from './attachment-type';

const bytes = (...head: number[]) => Buffer.concat([Buffer.from(head), Buffer.alloc(16)]);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe1);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PDF = Buffer.from('%PDF-1.4 rest');

describe('attachmentTypeOf', () => {
  it('accepts a photo or PDF whose bytes and extension agree, in any letter case', () => {
    expect(attachmentTypeOf('a.jpg', JPEG)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(attachmentTypeOf('a.JPEG', JPEG)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(attachmentTypeOf('保单.png', PNG)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(attachmentTypeOf('report.v2.pdf', PDF)).toEqual({ contentType: 'application/pdf', extension: 'pdf' });
  });

  it('refuses bytes that do not match the extension, other types, short files and names without one', () => {
    expect(attachmentTypeOf('a.png', JPEG)).toBeUndefined();
    expect(attachmentTypeOf('a.jpg', Buffer.from('MZ\x90\x00'))).toBeUndefined();
    expect(attachmentTypeOf('a.gif', Buffer.from('GIF89a'))).toBeUndefined();
    expect(attachmentTypeOf('a.png', PNG.subarray(0, 7))).toBeUndefined();
    expect(attachmentTypeOf('a.pdf', Buffer.from('%PDF'))).toBeUndefined();
    expect(attachmentTypeOf('pdf', PDF)).toBeUndefined();
  });
});
