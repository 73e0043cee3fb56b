import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { OrderParams, RecordRows } from './ParamRows';
import { humaniseKey } from './order-params';

jest.setTimeout(30_000);

/** The value shown beside a label (the first row of that name). */
function valueOf(container: HTMLElement, label: string): string {
  const row = within(container).getAllByText(label, { selector: 'dt' })[0].closest('.of-param-row') as HTMLElement;
  return row.querySelector(':scope > dd')?.textContent ?? '';
}

const search = { mediaType: 1, channel: 0, event: 2, startTime: 1_764_000_000_000, endTime: '2025-11-25 08:30:00', vendorFlag: true, vendorNote: { level: 2, tags: ['a', 'b'] } };

describe('an order\'s parameters in the operator\'s words', () => {
  it('zh_CN: the form\'s labels, enums as their words, times in China time, unknown keys humanised, no JSON', () => {
    const { container } = renderWithProviders(<OrderParams commandType="mediaSearch" params={search} />, { language: 'zh_CN' });
    expect(screen.getByText('下发参数')).toBeTruthy();
    expect(valueOf(container, '多媒体类型')).toBe('音频');
    expect(valueOf(container, '事件项')).toBe('抢劫报警触发');
    expect(valueOf(container, '通道号(0为所有)')).toBe('0');
    // An instant as China time (UTC+8), the form's text as it was entered.
    expect(valueOf(container, '开始时间')).toBe('2025-11-25 00:00:00');
    expect(valueOf(container, '结束时间')).toBe('2025-11-25 08:30:00');
    // Keys the form does not have: humanised, their values still without braces.
    expect(valueOf(container, 'Vendor flag')).toBe('是');
    expect(valueOf(container, 'Vendor note')).toContain('2');
    expect(valueOf(container, 'Vendor note')).toContain('a, b');
    // The form's order first, the unknown keys after.
    expect([...container.querySelectorAll('.of-order-params-sent > dl > .of-param-row')].map((row) => row.getAttribute('data-key'))).toEqual(['mediaType', 'channel', 'event', 'startTime', 'endTime', 'vendorFlag', 'vendorNote']);
    expect(container.textContent).not.toMatch(/[{}"]/);
  });

  it('en_US: the same order in English', () => {
    const { container } = renderWithProviders(<OrderParams commandType="mediaSearch" params={search} />, { language: 'en_US' });
    expect(screen.getByText('Parameters sent')).toBeTruthy();
    expect(valueOf(container, 'Media type')).toBe('Audio');
    expect(valueOf(container, 'Event')).toBe('Robbery alarm');
    expect(valueOf(container, 'Start time')).toBe('2025-11-25 00:00:00');
    expect(valueOf(container, 'Vendor flag')).toBe('Yes');
    expect(container.textContent).not.toMatch(/[{}"]/);
  });

  it('names flags, list rows, parameter ids, package bytes and the source of a requested order', () => {
    const text = renderWithProviders(<OrderParams commandType="text" params={{ tts: true, emergency: false, text: '前方施工' }} />, { language: 'zh_CN' });
    expect(valueOf(text.container, '终端TTS播读')).toBe('是');
    expect(valueOf(text.container, '紧急')).toBe('否');
    expect(valueOf(text.container, '文本内容')).toBe('前方施工');
    text.unmount();

    const set = renderWithProviders(<OrderParams commandType="setParams" params={{ items: [{ id: 0x0029, value: '30' }, { id: 0x0012, value: '******' }] }} />, { language: 'zh_CN' });
    const rows = set.container.querySelectorAll('.of-param-items > li');
    expect(rows).toHaveLength(2);
    expect(valueOf(rows[0] as HTMLElement, '参数ID')).toBe('缺省时间汇报间隔(秒) (0x0029)');
    expect(valueOf(rows[0] as HTMLElement, '参数值')).toBe('30');
    expect(valueOf(rows[1] as HTMLElement, '参数值')).toBe('******');
    set.unmount();

    const upgrade = renderWithProviders(<OrderParams commandType="upgrade" params={{ package: 'aabbcc' }} />, { language: 'en_US' });
    expect(valueOf(upgrade.container, 'Package')).toBe('3 bytes');
    upgrade.unmount();

    const fence = renderWithProviders(<OrderParams commandType="fenceQuery" params={{ source: 'fence' }} />, { language: 'zh_CN' });
    expect(valueOf(fence.container, '来源')).toBe('电子围栏');
    fence.unmount();

    const none = renderWithProviders(<OrderParams commandType="rollcall" params={{}} />, { language: 'zh_CN' });
    expect(screen.getByText('无参数')).toBeTruthy();
    none.unmount();
  });

  it('a terminal\'s reply: known keys labelled, a position as longitude, latitude, nested lists without braces', () => {
    const reply = { replySerial: 12, items: [{ mediaId: 5, location: { latitude: 39.90923, longitude: 116.397428, speed: 40 } }] };
    const { container } = renderWithProviders(<RecordRows record={reply} />, { language: 'zh_CN' });
    expect(valueOf(container, '应答流水号')).toBe('12');
    expect(valueOf(container, '多媒体ID')).toBe('5');
    expect(valueOf(container, '经度, 纬度')).toBe('116.397428, 39.909230');
    expect(valueOf(container, '速度(km/h)')).toBe('40');
    expect(container.textContent).not.toMatch(/[{}"]/);
  });

  it('humanises keys', () => {
    expect(humaniseKey('replySerial')).toBe('Reply serial');
    expect(humaniseKey('max_speed_kmh')).toBe('Max speed kmh');
  });
});
