import {
  confirmationProblem,
  passwordProblem,
  passwordStrength,
  phoneProblem,
  smsCodeProblem,
} from './password-rules';

describe('password rules (spec §5)', () => {
  it('requires a letter first, 8 characters and two character classes', () => {
    expect(passwordProblem('')).toBe('validation.required');
    expect(passwordProblem('1abcdefgh')).toBe('validation.password.firstLetter');
    expect(passwordProblem('abc123')).toBe('validation.password.minLength');
    expect(passwordProblem('abcdefgh')).toBe('validation.password.weak');
    expect(passwordProblem('abcd1234')).toBeNull();
  });

  it('grades strength by character classes', () => {
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abc1')).toBe(2);
    expect(passwordStrength('abc1!')).toBe(3);
  });

  it('checks the confirmation, phone and SMS code', () => {
    expect(confirmationProblem('a', 'b')).toBe('validation.password.mismatch');
    expect(confirmationProblem('a', 'a')).toBeNull();
    expect(phoneProblem('12800000000')).toBe('validation.phone');
    expect(phoneProblem('13800000000')).toBeNull();
    expect(smsCodeProblem('12')).toBe('validation.smsCode');
    expect(smsCodeProblem('123456')).toBeNull();
  });
});
