import { decodeFrame, messageToJson } from '@openfleet/jt808';
import { readWaybillContent } from './waybill-upload-content';

// 运单号:YD001;发货人:张三;货物:钢材 written from the GB 2312 code table (运 D4CB, 单 B5A5, 号 BAC5,
// 发 B7A2, 货 BBF5, 人 C8CB, 张 D5C5, 三 C8FD, 物 CEEF, 钢 B8D6, 材 B2C4), not from an encoder.
const WAYBILL_GBK = 'd4cbb5a5bac53a5944303031 3b b7a2bbf5c8cb3ad5c5c8fd 3b bbf5ceef3ab8d6b2c4'.replace(/ /g, '');
// A 2013 0x0701 frame (table 77: DWORD length 0x22, then the content) from terminal 013900000002, serial 7; XOR 0x53.
const WAYBILL_FRAME = `7e 0701 0026 013900000002 0007 00000022 ${WAYBILL_GBK} 53 7e`.replace(/ /g, '');

describe('0x0701 content', () => {
  it('reads the GBK text and its key:value items from the frame as the gateway decodes it', () => {
    const json = messageToJson(decodeFrame(Buffer.from(WAYBILL_FRAME, 'hex')));
    expect(json.msgId).toBe('0x0701');
    const content = readWaybillContent(String((json.body as { content: string }).content));
    expect(content).toEqual({
      length: 34,
      text: '运单号:YD001;发货人:张三;货物:钢材',
      fields: [
        { key: '运单号', value: 'YD001' },
        { key: '发货人', value: '张三' },
        { key: '货物', value: '钢材' },
      ],
    });
  });

  it('drops NUL padding, accepts full-width colons and new lines, and keeps free text without items', () => {
    // 收货人：李四 (李 C0EE, 四 CBC4, full-width colon A3BA), a new line, then 3 NULs of a fixed-width layout.
    expect(readWaybillContent('cad5bbf5c8cba3bac0eecbc40a4f4b000000')).toEqual({ length: 18, text: '收货人：李四\nOK', fields: [{ key: '收货人', value: '李四' }] });
    expect(readWaybillContent('c0eecbc4')).toEqual({ length: 4, text: '李四', fields: [] });
  });

  it('reads odd or non-hex content as empty rather than failing', () => {
    expect(readWaybillContent('abc')).toEqual({ length: 0, text: '', fields: [] });
    expect(readWaybillContent('zz')).toEqual({ length: 0, text: '', fields: [] });
  });
});
