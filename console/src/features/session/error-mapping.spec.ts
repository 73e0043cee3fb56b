import { messages } from '@openfleet/errors';
import { actionForEnvelope, envelopeFromResult, toCatalogueLocale } from './error-mapping';

describe('envelopeFromResult (spec §8 transport rules)', () => {
  it('passes a body envelope through', () => {
    const envelope = { flag: false, errorCode: 4000, msg: '', data: null };
    expect(envelopeFromResult({ data: envelope })).toEqual({ envelope, transport: false });
  });

  it('wraps a non-envelope success body', () => {
    expect(envelopeFromResult({ data: { version: '1' } }).envelope).toEqual({
      flag: true,
      errorCode: 200,
      data: { version: '1' },
    });
  });

  it('turns HTTP 400 into flag false code 400', () => {
    const result = envelopeFromResult({ error: { status: 400, data: { flag: false, errorCode: 4013 } } });
    expect(result.envelope).toMatchObject({ flag: false, errorCode: 400 });
    expect(result.httpStatus).toBe(400);
  });

  it('reads the status of a non-JSON HTTP 400 body', () => {
    expect(
      envelopeFromResult({ error: { status: 'PARSING_ERROR', originalStatus: 400, data: 'bad' } }).envelope
        .errorCode,
    ).toBe(400);
  });

  it('turns HTTP 401 into code 401 (logout)', () => {
    expect(envelopeFromResult({ error: { status: 401 } }).envelope.errorCode).toBe(401);
  });

  it.each(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR', 502])(
    'turns %s into 504 request timeout',
    (status) => {
      const result = envelopeFromResult({ error: { status } });
      expect(result.envelope).toMatchObject({ flag: false, errorCode: 504 });
      expect(result.transport).toBe(true);
    },
  );

  it('keeps an envelope carried by another HTTP error status', () => {
    const body = { flag: false, errorCode: 403, msg: '', data: null };
    expect(envelopeFromResult({ error: { status: 403, data: body } })).toMatchObject({
      envelope: body,
      transport: false,
    });
  });
});

describe('actionForEnvelope (spec §8 client rules)', () => {
  it.each([401, 402, 403, 41002])('logs out on %s even when silenced', (errorCode) => {
    expect(actionForEnvelope({ flag: false, errorCode }, 'zh_CN', true)?.kind).toBe('logout');
  });

  it('shows the translated catalogue message', () => {
    expect(actionForEnvelope({ flag: false, errorCode: 4000 }, 'zh_CN', false)).toEqual({
      kind: 'toast',
      text: messages.zh_CN[4000],
    });
    expect(actionForEnvelope({ flag: false, errorCode: 4000 }, 'en_US', false)?.text).toBe(
      messages.en_US[4000],
    );
  });

  it('shows the server msg for 998', () => {
    expect(actionForEnvelope({ flag: false, errorCode: 998, msg: 'custom' }, 'en_US', false)?.text).toBe(
      'custom',
    );
  });

  it('appends data to the message', () => {
    expect(actionForEnvelope({ flag: false, errorCode: 4013, data: '粤B12345' }, 'en_US', false)?.text).toBe(
      `${messages.en_US[4013]}: 粤B12345`,
    );
  });

  it('says request timeout for 504', () => {
    expect(actionForEnvelope({ flag: false, errorCode: 504 }, 'zh_CN', false)?.text).toBe(
      messages.zh_CN[504],
    );
  });

  it('stays quiet for silenced requests and successes', () => {
    expect(actionForEnvelope({ flag: false, errorCode: 4000 }, 'zh_CN', true)).toBeNull();
    expect(actionForEnvelope({ flag: true, errorCode: 200 }, 'zh_CN', false)).toBeNull();
  });

  it('maps i18n languages to catalogue locales', () => {
    expect(toCatalogueLocale('en_US')).toBe('en_US');
    expect(toCatalogueLocale(undefined)).toBe('zh_CN');
  });
});
