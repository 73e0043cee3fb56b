import { AliyunSmsProvider } from './aliyun-sms.provider';
import { canonicalQuery, popEncode, rpcSignature, stringToSign } from './aliyun-signature';
import { SmsConfig } from './sms-config';

// Aliyun SMS documentation, "HTTP协议及签名" / signature method (help.aliyun.com/document_detail/56189):
// the worked SendSms example with AccessKeyId testId and AccessKeySecret testSecret.
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};
const DOC_CANONICAL =
  'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
  '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1' +
  '&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007' +
  '&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25';
const DOC_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
  '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
  '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
  '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
  '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z' +
  '%26Version%3D2017-05-25';

describe('Aliyun RPC signature (HMAC-SHA1)', () => {
  it('builds the documented canonical query and StringToSign byte for byte', () => {
    expect(canonicalQuery(DOC_PARAMS)).toBe(DOC_CANONICAL);
    expect(Buffer.from(stringToSign('GET', DOC_PARAMS), 'utf8')).toEqual(Buffer.from(DOC_STRING_TO_SIGN, 'utf8'));
  });

  it('gives the documented signature, whatever order the parameters come in', () => {
    expect(rpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    const shuffled = Object.fromEntries(Object.entries(DOC_PARAMS).reverse());
    expect(rpcSignature('GET', { ...shuffled, Signature: 'ignored' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(rpcSignature('GET', DOC_PARAMS, 'testsecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(rpcSignature('POST', DOC_PARAMS, 'testSecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes the POP way: space %20, * %2A, ~ kept, UTF-8 bytes', () => {
    expect(popEncode('a b')).toBe('a%20b');
    expect(popEncode("*!'()")).toBe('%2A%21%27%28%29');
    expect(popEncode('-_.~')).toBe('-_.~');
    expect(popEncode('/=&+')).toBe('%2F%3D%26%2B');
    expect(popEncode('锁')).toBe('%E9%94%81');
  });

  it('signs a SendSms POST with the configured key, sign name and the purpose template', () => {
    const config = Object.assign(new SmsConfig(), {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'testId',
      SMS_ACCESS_KEY_SECRET: 'testSecret',
      SMS_SIGN_NAME: '阿里云短信测试专用',
      SMS_TEMPLATE_REGISTER: 'SMS_1',
      SMS_TEMPLATE_FORGET_PWD: 'SMS_2',
      SMS_TEMPLATE_VEHICLE_LOCK: 'SMS_3',
    });
    const provider = new AliyunSmsProvider(config, () => new Date('2017-07-12T02:42:19.123Z'), () => 'nonce-1');
    const params = provider.signedParams({ phone: '15300000001', purpose: 'vehicleLock', params: { code: '012345' }, text: '' });
    expect(params).toMatchObject({ Action: 'SendSms', Format: 'JSON', TemplateCode: 'SMS_3', TemplateParam: '{"code":"012345"}', Timestamp: '2017-07-12T02:42:19Z', SignatureNonce: 'nonce-1' });
    const { Signature, ...unsigned } = params;
    expect(Signature).toBe(rpcSignature('POST', unsigned, 'testSecret'));
  });
});
