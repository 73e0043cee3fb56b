import * as argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): slow for guessing, yet a check stays ~30 ms of one core.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hash of a secret a person types (login password, vehicle limit password). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}
