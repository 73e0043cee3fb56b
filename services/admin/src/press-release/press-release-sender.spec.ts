import { TERMINAL_TEXT_MAX_BYTES, terminalText } from './press-release-sender.service';
import { imageKind } from '../feedback/feedback-image';

describe('the text a terminal gets', () => {
  it('is the title in brackets before the body', () => {
    expect(terminalText('限行', '明日起限行')).toBe('【限行】明日起限行');
  });

  it('is cut to the GBK bytes one 0x8300 carries, never inside a character', () => {
    const text = terminalText('t', '长'.repeat(4000));
    const bytes = [...text].reduce((sum, char) => sum + (char.charCodeAt(0) < 0x80 ? 1 : 2), 0);
    expect(bytes).toBeLessThanOrEqual(TERMINAL_TEXT_MAX_BYTES);
    expect(bytes).toBeGreaterThan(TERMINAL_TEXT_MAX_BYTES - 2);
    expect(terminalText('t', 'a'.repeat(2000))).toHaveLength(TERMINAL_TEXT_MAX_BYTES - 2); // 【 and 】 take two bytes each
  });
});

describe('a feedback screenshot', () => {
  it('is known by its first bytes, not its name', () => {
    expect(imageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.ext).toBe('png');
    expect(imageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe('jpg');
    expect(imageKind(Buffer.from('GIF89a....'))?.ext).toBe('gif');
    expect(imageKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
    expect(imageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageKind(Buffer.alloc(0))).toBeUndefined();
  });
});
