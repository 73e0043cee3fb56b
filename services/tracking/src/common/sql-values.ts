import { escape } from 'mysql2';

/**
 * The VALUES list of a multi-row INSERT with the values written in: mysql2 would otherwise scan a
 * statement of tens of thousands of placeholders and escape value by value (a tenth of the ingest
 * CPU). Numbers and NULL are written as they are, strings through mysql2's escape. MySQL only:
 * SQLite keeps bound parameters.
 */
export function mysqlValuesList(rows: readonly (readonly unknown[])[]): string {
  const tuples = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let tuple = '(';
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (c) tuple += ',';
      if (value === null || value === undefined) tuple += 'NULL';
      else if (typeof value === 'number' && Number.isFinite(value)) tuple += String(value);
      else tuple += escape(value as string);
    }
    tuples[r] = `${tuple})`;
  }
  return tuples.join(',');
}

/** `(?,?,...),(?,?,...)` for bound parameters. */
export function placeholderList(columns: number, rows: number): string {
  const tuple = `(${new Array<string>(columns).fill('?').join(',')})`;
  return new Array<string>(rows).fill(tuple).join(',');
}
