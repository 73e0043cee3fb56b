import { answerFailure } from './duty-check-answer';
import { newPlatformForm } from './platform-form';

const refused = (errorCode: number, data: unknown = null) => ({ envelope: { flag: false, errorCode, msg: '', data }, httpStatus: 200, transport: false });

describe('duty-check answer failures', () => {
  it('says why the answer was not sent, from the API answer', () => {
    expect(answerFailure(refused(3116, 4), 'zh_CN')).toEqual({ key: 'platform809.dutyCheckPanel.linkDown' });
    expect(answerFailure(refused(400, { status: 1, reason: 'already answered' }), 'zh_CN')).toEqual({ key: 'platform809.dutyCheckPanel.alreadyAnswered' });
    expect(answerFailure(refused(400, { status: 2, reason: 'deadline passed' }), 'zh_CN')).toEqual({ key: 'platform809.dutyCheckPanel.deadlinePassed' });
    expect(answerFailure({ envelope: { flag: false, errorCode: -1 }, transport: true }, 'zh_CN')).toEqual({ key: 'platform809.dutyCheckPanel.networkFailed' });
    expect(answerFailure(refused(403), 'zh_CN')).toEqual({ key: 'platform809.dutyCheckPanel.failed', message: '没有权限' });
    expect(answerFailure(refused(403), 'en_US').message).toBe('No permission');
  });
});

describe('a new platform form', () => {
  it('pre-fills the slave-link port the server listens on, never a guessed 7809', () => {
    expect(newPlatformForm({ port: 17809, listening: true }).slavePort).toBe('17809');
    expect(newPlatformForm(undefined).slavePort).toBe('');
  });
});
