import type { ValueTransformer } from 'typeorm';

/** bigint columns come back as strings from mysql2 and numbers from better-sqlite3: the API uses numbers. */
export const bigintNumber: ValueTransformer = {
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
  to: (value: unknown) => value,
};

/** JSON kept in a text column. */
export const jsonText: ValueTransformer = {
  from: (value: unknown) => (typeof value === 'string' && value ? JSON.parse(value) : null),
  to: (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value)),
};

/** `/1/5/9/` path of ancestor ids, searched with LIKE '%/<id>/%' (the admin service's convention; see scope-sql). */
export function pathOf(ids: readonly string[]): string {
  return ids.length ? `/${ids.join('/')}/` : '/';
}
