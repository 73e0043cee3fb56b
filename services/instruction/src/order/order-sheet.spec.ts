import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandText, errorText, orderContentText, ORDER_SOURCE_ZH, ORDER_STATUS_ZH } from './order-sheet';

describe('order log sheet words', () => {
  it('writes parameters as the detail dialog\'s labelled rows on one line, never JSON', () => {
    expect(orderContentText('text', { tts: true, emergency: false, text: '请回场' })).toBe('紧急=否; 终端TTS播读=是; 文本内容=请回场');
    // The terminal parameter list names each parameter by the catalogue's label and id.
    const params = orderContentText('setParams', { items: [{ id: 0x0001, value: 30 }] });
    expect(params).toBe('参数=[参数ID=终端心跳发送间隔(秒) (0x0001); 参数值=30]');
    // A command the catalogue does not know: each key as it is.
    expect(orderContentText('unknownCommand', { a: 1, nested: { b: 'x' }, list: [1, 2] })).toBe('a=1; nested=[b=x]; list=1, 2');
    // An order another service built: its source in words, then the (masked) body it sent.
    expect(orderContentText('queryMediaUpload', { source: 'video' }, { serverAddress: '127.0.0.1', user: '******', channel: 1 })).toBe('来源=音视频; serverAddress=127.0.0.1; user=******; channel=1');
    expect(orderContentText('rollcall', {})).toBe('');
    expect(orderContentText('rollcall', null)).toBe('');
  });

  it('names the command, the status and the error as the screen does', () => {
    expect(commandText('text')).toBe('文本信息下发');
    expect(commandText('nope')).toBe('nope');
    const screen = JSON.parse(readFileSync(join(__dirname, '../../../../console/src/i18n/instruction.zh_CN.json'), 'utf8')) as Record<string, string>;
    for (let status = 0; status <= 7; status++) expect(ORDER_STATUS_ZH[status]).toBe(screen[`instruction.status.${status}`]);
    for (const [source, word] of Object.entries(ORDER_SOURCE_ZH)) expect(word).toBe(screen[`instruction.source.${source}`]);
    expect(errorText(0)).toBe('');
    expect(errorText(7205)).toMatch(/^7205 \S/);
  });
});
