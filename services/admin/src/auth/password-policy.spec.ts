import { AppError } from '@openfleet/errors';
import { checkPasswordRules, generatePassword, hashPassword, verifyPassword } from './password-policy';

function codeOf(password: string | undefined): number | undefined {
  try {
    checkPasswordRules(password);
    return undefined;
  } catch (error) {
    return (error as AppError).errorCode;
  }
}

describe('password policy (spec §5)', () => {
  it('requires a first letter, 8 characters and two character classes', () => {
    expect(codeOf('')).toBe(3200);
    expect(codeOf(undefined)).toBe(3200);
    expect(codeOf('1abcdefgh')).toBe(400);
    expect(codeOf('Abc123')).toBe(400);
    expect(codeOf('abcdefghij')).toBe(400);
    expect(codeOf('abcdefg1')).toBeUndefined();
    expect(codeOf('Abcdefgh')).toBeUndefined();
  });

  it('generates passwords that pass the rules and hashes with argon2id', async () => {
    for (let i = 0; i < 20; i += 1) expect(codeOf(generatePassword())).toBeUndefined();
    const hash = await hashPassword('Secret123');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Secret123')).toBe(true);
    expect(await verifyPassword(hash, 'Secret124')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Secret123')).toBe(false);
  });
});
