/** True for a unique-key violation on either engine (the race behind a pre-insert duplicate check). */
export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: string; message?: string })?.code ?? '') + String((error as Error)?.message ?? '');
  return /ER_DUP_ENTRY|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed/.test(text);
}
