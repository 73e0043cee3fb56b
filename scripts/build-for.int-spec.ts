// Command-line scripts build only what they run, and nothing when it is current (scripts/build-for.js).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..');
// A 2013 heartbeat (0x0002) from terminal 012345678901, serial 1.
const HEARTBEAT = '7e0002000001234567890100018b7e';
const DECODED = {
  msgId: '0x0002',
  name: 'heartbeat',
  version: '2013',
  phone: '012345678901',
  serial: 1,
  body: {},
};

const mtimeOf = (path: string): number | 'absent' => (existsSync(path) ? statSync(path).mtimeMs : 'absent');

describe('npm run jt808', () => {
  const jt808 = () =>
    spawnSync('npm', ['run', '-s', 'jt808', '--', 'decode', HEARTBEAT], { cwd: root, encoding: 'utf8' });

  it('builds at most libs/jt808, never the console, and nothing when current', () => {
    const consoleBundle = mtimeOf(join(root, 'console/dist/index.html'));
    const first = jt808();
    expect(first.status).toBe(0);
    // stdout is the decoded frame alone: whatever is built reports on stderr.
    expect(JSON.parse(first.stdout)).toEqual(DECODED);
    expect(first.stderr).toMatch(/^(build-for: tsc -b libs\/jt808 \(.*\)\n)?$/);
    const jt808Outputs = ['dist/tsconfig.tsbuildinfo', 'dist/index.js'].map((file) =>
      join(root, 'libs/jt808', file),
    );
    const built = jt808Outputs.map(mtimeOf);

    const second = jt808();
    expect(second.status).toBe(0);
    expect(second.stderr).not.toContain('build-for:');
    expect(jt808Outputs.map(mtimeOf)).toEqual(built);
    // Neither run built the console (other projects' builds are left out: engineers share this tree).
    expect(mtimeOf(join(root, 'console/dist/index.html'))).toEqual(consoleBundle);
    expect(JSON.parse(second.stdout)).toEqual({
      msgId: '0x0002',
      name: 'heartbeat',
      version: '2013',
      phone: '012345678901',
      serial: 1,
      body: {},
    });
  });
});

describe('build-for on a workspace of its own', () => {
  let workspace: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  };
  const buildFor = (...targets: string[]) => {
    const result = spawnSync(process.execPath, [join(root, 'scripts/build-for.js'), ...targets], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...process.env, BUILD_FOR_ROOT: workspace },
    });
    expect(result.status).toBe(0);
    return result.stderr;
  };
  /** Every file as if written a minute ago, so any later edit is newer than every build. */
  const age = (dir = workspace, then = new Date(Date.now() - 60_000)) => {
    // One instant for the whole tree: a clock tick between folders would make sources newer than builds.
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) age(join(dir, entry.name), then);
      else utimesSync(join(dir, entry.name), then, then);
    }
  };
  const consoleBuilds = () => Number(readFileSync(join(workspace, 'console/dist/index.html'), 'utf8'));

  beforeAll(() => {
    workspace = mkdtempSync(join(tmpdir(), 'openfleet-build-for-'));
    const project = {
      compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/tsconfig.tsbuildinfo' },
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.spec.ts'],
    };
    write('package.json', JSON.stringify({ private: true, workspaces: ['console'] }));
    write(
      'tsconfig.base.json',
      JSON.stringify({
        compilerOptions: {
          composite: true,
          module: 'commonjs',
          target: 'ES2022',
          types: [],
          baseUrl: '.',
          paths: { a: ['libs/a/src/index.ts'] },
        },
      }),
    );
    write('libs/a/tsconfig.json', JSON.stringify({ extends: '../../tsconfig.base.json', ...project }));
    write('libs/a/src/index.ts', 'export const a = 1;\n');
    write('libs/a/src/index.spec.ts', 'export {};\n');
    write(
      'libs/b/tsconfig.json',
      JSON.stringify({ extends: '../../tsconfig.base.json', ...project, references: [{ path: '../a' }] }),
    );
    write('libs/b/src/index.ts', "import { a } from 'a';\nexport const b = a + 1;\n");
    // The console "build" counts its runs in dist/index.html.
    write(
      'console/package.json',
      JSON.stringify({ name: 'fixture-console', private: true, scripts: { build: 'node build.js' } }),
    );
    write(
      'console/build.js',
      "const fs = require('fs');\nconst n = fs.existsSync('dist/index.html') ? Number(fs.readFileSync('dist/index.html', 'utf8')) : 0;\nfs.mkdirSync('dist', { recursive: true });\nfs.writeFileSync('dist/index.html', String(n + 1));\n",
    );
    write(
      'console/tsconfig.json',
      JSON.stringify({ compilerOptions: { paths: { a: ['../libs/a/src/index.ts'] } } }),
    );
    write('console/index.html', '<div id="root"></div>\n');
    write('console/src/main.ts', 'export {};\n');
  });

  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('builds a fresh workspace, then nothing until a source changes', () => {
    const first = buildFor('b', 'console');
    expect(first).toContain('build-for: tsc -b libs/b (libs/b has not been built)');
    expect(first).toContain('build-for: console build (console/dist has not been built)');
    expect(readFileSync(join(workspace, 'libs/b/dist/index.js'), 'utf8')).toContain('a + 1');
    expect(existsSync(join(workspace, 'libs/a/dist/index.js'))).toBe(true);
    expect(consoleBuilds()).toBe(1);

    const outputs = [
      'libs/a/dist/tsconfig.tsbuildinfo',
      'libs/b/dist/tsconfig.tsbuildinfo',
      'console/dist/index.html',
    ].map((path) => join(workspace, path));
    const times = outputs.map(mtimeOf);
    expect(buildFor('b', 'console')).toBe('');
    expect(outputs.map(mtimeOf)).toEqual(times);
  });

  it('rebuilds a project whose reference changed, but not for a file its tsconfig excludes', () => {
    age();
    write('libs/a/src/index.spec.ts', 'export const spec = 2;\n');
    expect(buildFor('b')).toBe('');

    write('libs/a/src/index.ts', 'export const a = 41;\n');
    expect(buildFor('b')).toBe(
      'build-for: tsc -b libs/b (libs/a/src/index.ts is newer than the build of libs/a)\n',
    );
    expect(readFileSync(join(workspace, 'libs/a/dist/index.js'), 'utf8')).toContain('41');
    expect(buildFor('b')).toBe('');
  });

  it('rebuilds the console only for a console target, when its sources or the libs it bundles changed', () => {
    age();
    write('console/src/main.ts', 'export const screen = 1;\n');
    expect(buildFor('b')).toBe('');
    expect(consoleBuilds()).toBe(1);
    expect(buildFor('console')).toBe(
      'build-for: console build (console/src/main.ts is newer than console/dist)\n',
    );
    expect(consoleBuilds()).toBe(2);
    expect(buildFor('console')).toBe('');

    age();
    write('libs/a/src/index.ts', 'export const a = 42;\n');
    expect(buildFor('console')).toBe(
      'build-for: console build (libs/a/src/index.ts is newer than console/dist)\n',
    );
    expect(consoleBuilds()).toBe(3);
  });
});
