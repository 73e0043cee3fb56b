import { systemLogText } from './system-log-text';

describe('system log in the operator’s words', () => {
  it('shows a migration as a database upgrade with its version, not the class name', () => {
    expect(systemLogText({ event: 'migration', message: 'CreateForwarderTables1732530000000', detail: '{"timestamp":1732530000000}' })).toEqual({ key: 'log.text.migration', values: { version: '1732530000000' } });
    expect(systemLogText({ event: 'migration', message: 'AddUserPhone1700000000001', detail: '' })).toEqual({ key: 'log.text.migration', values: { version: '1700000000001' } });
  });

  it('reads the account and counts of login events from the detail', () => {
    expect(systemLogText({ event: 'login-failed', message: 'wrong password for zhang', detail: '{"account":"zhang","failures":2}' })).toEqual({ key: 'log.text.wrongPassword', values: { account: 'zhang', failures: 2 } });
    expect(systemLogText({ event: 'login-failed', message: 'login with an unknown account', detail: '{"account":"nobody"}' })).toEqual({ key: 'log.text.unknownAccount', values: { account: 'nobody' } });
    expect(systemLogText({ event: 'account-locked', message: 'account zhang locked after 5 failed logins', detail: '{"account":"zhang","minutes":30}' })?.values).toEqual({ account: 'zhang', minutes: 30 });
    expect(systemLogText({ event: 'company-registered', message: 'company 顺丰物流 registered by sf', detail: '{"companyId":3,"account":"sf"}' })?.values).toEqual({ company: '顺丰物流', account: 'sf' });
    expect(systemLogText({ event: 'start', message: 'admin service started', detail: '{"pid":1}' })).toEqual({ key: 'log.text.start', values: { service: 'admin' } });
  });

  it('leaves unknown events to their message', () => {
    expect(systemLogText({ event: 'something-new', message: 'x', detail: 'not json' })).toBeNull();
  });
});
