// Tiny structural checks for bus payloads. Each returns a problem description or null, so a codec
// can reject a payload with a precise reason (class-validator is used at the HTTP boundary instead).
export type FieldRule = 'string' | 'number' | 'boolean' | 'object' | 'string?' | 'number?' | 'boolean?' | 'object?';

export function checkFields(value: unknown, rules: Record<string, FieldRule>): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'payload must be an object';
  const record = value as Record<string, unknown>;
  for (const [field, rule] of Object.entries(rules)) {
    const optional = rule.endsWith('?');
    const type = optional ? rule.slice(0, -1) : rule;
    const actual = record[field];
    if (actual === undefined || actual === null) {
      if (optional) continue;
      return `${field} is required`;
    }
    if (typeof actual !== type || (type === 'number' && !Number.isFinite(actual))) {
      return `${field} must be a ${type}`;
    }
  }
  return null;
}

export function checkOneOf(value: unknown, field: string, allowed: readonly unknown[]): string | null {
  const actual = (value as Record<string, unknown>)[field];
  return allowed.includes(actual) ? null : `${field} must be one of ${allowed.join(', ')}`;
}
