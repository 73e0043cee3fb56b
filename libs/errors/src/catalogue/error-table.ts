/** One catalogue row: numeric code, Chinese text, English text. */
export type ErrorRow = readonly [code: number, zh_CN: string, en_US: string];

/** A family of error codes keyed by their stable UPPER_SNAKE names. */
export type ErrorTable = Readonly<Record<string, ErrorRow>>;

/** Name-to-code view of one family, keeping the literal code types. */
export type CodesOf<T extends ErrorTable> = { readonly [K in keyof T]: T[K][0] };

/** Extracts the name-to-code object of a family. */
export function codesOf<T extends ErrorTable>(table: T): CodesOf<T> {
  const codes: Record<string, number> = {};
  for (const [name, [code]] of Object.entries(table)) codes[name] = code;
  return codes as CodesOf<T>;
}
