import { ErrorCode } from './error-code';
import { MessageKey } from './message-key';
import { LOCALES, messageFor, messages } from './messages';

const hasHan = /\p{Script=Han}/u;

describe('messages', () => {
  it.each(LOCALES)('has a non-empty %s text for every code', (locale) => {
    const missing = Object.entries(ErrorCode)
      .filter(([, code]) => !messages[locale][code]?.trim())
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('has a non-empty %s text for every named message', (locale) => {
    for (const key of Object.values(MessageKey)) expect(messages[locale][key]?.trim()).toBeTruthy();
  });

  it('writes zh_CN in Chinese and en_US without Chinese characters', () => {
    for (const text of Object.values(messages.zh_CN)) expect(text).toMatch(hasHan);
    for (const text of Object.values(messages.en_US)) expect(text).not.toMatch(hasHan);
  });

  it('is a flat JSON-able map', () => {
    const roundTrip = JSON.parse(JSON.stringify(messages)) as typeof messages;
    expect(roundTrip.zh_CN['403']).toBe('没有权限');
    expect(Object.keys(roundTrip.en_US)).toHaveLength(Object.keys(messages.en_US).length);
  });

  it('uses the expected wording for common codes', () => {
    expect(messageFor(ErrorCode.NO_PERMISSION)).toBe('没有权限');
    expect(messageFor(ErrorCode.NOT_LOGGED_IN)).toBe('未登录');
    expect(messageFor(ErrorCode.GATEWAY_TIMEOUT)).toBe('请求超时');
    expect(messageFor(MessageKey.WRONG_CREDENTIALS)).toBe('用户名或密码错误');
    expect(messageFor(ErrorCode.NO_PERMISSION, 'en_US')).toBe('No permission');
  });

  it('falls back to the range text, then 500 for 5xx, then 100', () => {
    expect(messageFor(2030)).toBe('视频设备错误');
    expect(messageFor(30185, 'en_US')).toBe('API access denied');
    expect(messageFor(30150, 'en_US')).toBe('Import or report error');
    expect(messageFor(502)).toBe(messages.zh_CN[500]);
    expect(messageFor(12345)).toBe(messages.zh_CN[100]);
    expect(messageFor(12345, 'en_US')).toBe('Request failed');
  });

  it('prefers the exact entry over its range', () => {
    expect(messageFor(ErrorCode.CALIBRATION_EXCEEDS_TANK)).toBe('标定值超过油箱最大容量');
  });

  it('ignores prototype keys and unknown locales', () => {
    expect(messageFor('constructor' as MessageKey)).toBe('请求失败');
    expect(messageFor(403, 'fr_FR' as 'zh_CN')).toBe('没有权限');
  });
});
