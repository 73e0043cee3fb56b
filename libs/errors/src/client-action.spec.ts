import { clientActionFor, envelopeForTransportFailure } from './client-action';
import { ErrorCode } from './error-code';

describe('clientActionFor', () => {
  it.each([401, 402, 403, 41002])('logs out on %i', (errorCode) => {
    expect(clientActionFor({ flag: false, errorCode })?.kind).toBe('logout');
  });

  it('shows the server msg for 998', () => {
    expect(clientActionFor({ flag: false, errorCode: 998, msg: '车辆已停用' })).toEqual({
      kind: 'toast',
      text: '车辆已停用',
    });
    expect(clientActionFor({ flag: false, errorCode: 998, msg: '' })?.text).toBe('服务器提示');
  });

  it('shows the message plus data when data is present', () => {
    expect(clientActionFor({ flag: false, errorCode: ErrorCode.PLATE_DUPLICATE, data: '京A12345' })).toEqual({
      kind: 'toast',
      text: '车牌号已存在：京A12345',
    });
    expect(clientActionFor({ flag: false, errorCode: 4013, data: ['京A1', '京A2'] }, 'en_US')?.text).toBe(
      'The plate number already exists: ["京A1","京A2"]',
    );
  });

  it('shows the translated message otherwise', () => {
    expect(clientActionFor({ flag: false, errorCode: 500, msg: 'NullPointerException', data: null })).toEqual(
      {
        kind: 'toast',
        text: '服务器错误',
      },
    );
    expect(clientActionFor({ flag: false, errorCode: 4013, data: [] })?.text).toBe('车牌号已存在');
  });

  it('does nothing for a successful envelope', () => {
    expect(clientActionFor({ flag: true, errorCode: 200, data: { id: 1 } })).toBeNull();
  });
});

describe('envelopeForTransportFailure', () => {
  it('maps HTTP failures as the spec says', () => {
    expect(envelopeForTransportFailure(401).errorCode).toBe(401);
    expect(envelopeForTransportFailure(400).errorCode).toBe(400);
    expect(envelopeForTransportFailure(502).errorCode).toBe(504);
    expect(envelopeForTransportFailure(undefined)).toEqual({ flag: false, errorCode: 504, data: null });
    expect(clientActionFor(envelopeForTransportFailure(undefined))?.text).toBe('请求超时');
  });
});
