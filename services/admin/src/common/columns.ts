import type { ValueTransformer } from 'typeorm';

/** bigint keys come back as strings from mysql2 and numbers from better-sqlite3: the API uses numbers. */
export const numericId: ValueTransformer = {
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
  to: (value: unknown) => value,
};

/** `/1/5/9/` style path of ancestor ids (inclusive), searched with LIKE '%/<id>/%'. */
export function pathOf(ids: readonly (number | string)[]): string {
  return ids.length ? `/${ids.join('/')}/` : '/';
}

export function idsOfPath(path: string | null | undefined): string[] {
  return (path ?? '').split('/').filter(Boolean);
}
