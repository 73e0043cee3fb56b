// Every error code the specification names (§8, copied in testing/spec-catalogue-codes.ts) is either
// raised by the platform — `ErrorCode.<NAME>` in the source of a service (services/*/src) or of a lib
// the services raise through (libs/auth, libs/service-kit, ...) — or listed in docs/errors.md's
// "Codes that cannot arise" table with the reason. A code that stops being raised, or a new spec code
// nobody raises, fails here until it is raised again or explained.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, errorFamilies } from './error-code';
import { SPEC_CODES, SPEC_RANGES } from './testing/spec-catalogue-codes';

const ROOT = join(__dirname, '../../..');

/** Production TypeScript under `dir` (no tests, no test helpers, no build output). */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'testing', '__fixtures__'].includes(entry.name)) files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(int-)?spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function sourceRoots(): string[] {
  const roots: string[] = [];
  for (const kind of ['services', 'libs']) {
    for (const entry of readdirSync(join(ROOT, kind), { withFileTypes: true })) {
      // The catalogue itself names every code: it does not count as raising one.
      if (!entry.isDirectory() || (kind === 'libs' && entry.name === 'errors')) continue;
      const src = join(ROOT, kind, entry.name, 'src');
      try {
        readdirSync(src);
        roots.push(src);
      } catch {
        // A package without src (none today) has nothing to raise.
      }
    }
  }
  return roots;
}

/** The codes of docs/errors.md's "Codes that cannot arise" table, with their reasons. */
function cannotAriseTable(markdown: string): Map<number, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Codes that cannot arise'));
  const rows = new Map<number, string>();
  for (const line of (section ?? '').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | code | name | why |
    if (cells.length >= 5 && /^\d+$/.test(cells[1])) rows.set(Number(cells[1]), cells[3]);
  }
  return rows;
}

const nameOf = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));
const catalogued = errorFamilies.flatMap(({ table }) => Object.values(table).map(([code]) => code));
const specCodes = [...new Set([...SPEC_CODES, ...SPEC_RANGES.flatMap(({ from, to }) => catalogued.filter((code) => code >= from && code <= to))])].sort((a, b) => a - b);
const source = sourceRoots()
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const raised = (code: number) => {
  const name = nameOf.get(code);
  return !!name && new RegExp(`\\bErrorCode\\.${name}\\b`).test(source);
};
const table = cannotAriseTable(readFileSync(join(ROOT, 'docs/errors.md'), 'utf8'));

describe('the spec §8 codes against the platform', () => {
  it('reads the fixture and the docs table (a broken parser would pass everything)', () => {
    expect(specCodes.length).toBeGreaterThan(150);
    expect(specCodes).toEqual(expect.arrayContaining([401, 41002, 2000, 3010, 5006, 7120, 30171]));
    expect(table.size).toBeGreaterThan(10);
    expect(source).toContain('ErrorCode.NOT_LOGGED_IN');
  });

  it('names every code the spec lists in the catalogue', () => {
    expect(SPEC_CODES.filter((code) => !nameOf.has(code))).toEqual([]);
  });

  it('raises every spec code somewhere, or docs/errors.md says why it cannot arise', () => {
    const unaccounted = specCodes.filter((code) => !raised(code) && !table.has(code)).map((code) => `${code} ${nameOf.get(code) ?? '?'}`);
    expect(unaccounted).toEqual([]);
  });

  it('gives a reason for every code in the table, and lists none the platform does raise', () => {
    expect([...table].filter(([, why]) => why.length < 20).map(([code]) => code)).toEqual([]);
    expect([...table.keys()].filter(raised).map((code) => `${code} ${nameOf.get(code)}`)).toEqual([]);
  });

  it('lists in the table only codes the spec names', () => {
    expect([...table.keys()].filter((code) => !specCodes.includes(code))).toEqual([]);
  });
});
