import type { TableColumnOptions } from 'typeorm';

type Kind = 'bigint' | 'int' | 'double' | 'text' | `varchar(${number})`;

/**
 * `name:kind[?][=default]` -> column; `?` marks nullable. Shared by the migrations written after the
 * first one (which keeps its own copy: migrations are never edited once released).
 */
export function column(spec: string): TableColumnOptions {
  const [head, fallback] = spec.split('=');
  const nullable = head.endsWith('?');
  const [name, kind] = head.replace('?', '').split(':') as [string, Kind];
  const varchar = /^varchar\((\d+)\)$/.exec(kind);
  const numeric = kind === 'int' || kind === 'bigint' || kind === 'double';
  return {
    name,
    type: varchar ? 'varchar' : kind,
    ...(varchar ? { length: varchar[1] } : {}),
    isNullable: nullable,
    ...(fallback !== undefined ? { default: numeric ? fallback : `'${fallback}'` } : {}),
  };
}
