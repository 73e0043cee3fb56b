export type PasswordStrength = 0 | 1 | 2 | 3;

/** Count of character classes present: letters, digits, symbols. */
export function passwordStrength(password: string): PasswordStrength {
  let classes = 0;
  if (/[A-Za-z]/.test(password)) classes += 1;
  if (/\d/.test(password)) classes += 1;
  if (/[^A-Za-z\d]/.test(password)) classes += 1;
  return classes as PasswordStrength;
}

/** Spec §5 password rules; returns the i18n key of the first broken rule, or null. */
export function passwordProblem(password: string): string | null {
  if (password === '') return 'validation.required';
  if (!/^[A-Za-z]/.test(password)) return 'validation.password.firstLetter';
  if (password.length < 8) return 'validation.password.minLength';
  if (passwordStrength(password) < 2) return 'validation.password.weak';
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === '') return 'validation.required';
  return password === confirmation ? null : 'validation.password.mismatch';
}

/** Spec §5: mobile 11 digits starting 13-19. */
export function phoneProblem(phone: string): string | null {
  if (phone === '') return 'validation.required';
  return /^1[3-9]\d{9}$/.test(phone) ? null : 'validation.phone';
}

export function smsCodeProblem(code: string): string | null {
  if (code === '') return 'validation.required';
  return /^\d{4,6}$/.test(code) ? null : 'validation.smsCode';
}
