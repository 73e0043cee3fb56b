#!/usr/bin/env node
// Builds only what a script runs, and only when it is stale:
//   node scripts/build-for.js jt808 gateway-808 console && node scripts/...
//   node scripts/build-for.js jt808 -- scripts/jt808-cli.js decode <hex>   (then runs the script in
//   this same process: one Node start less for an interactive command)
// A target is a lib or service name (libs/<name>, services/<name>) or `console`.
// A project is current when its tsbuildinfo is newer than its tsconfig(s), every source its tsconfig
// includes, and the tsbuildinfo of every project it references: the check `tsc -b` makes, done here
// without loading TypeScript so a current tree costs a few stat calls. Stale targets go to one `tsc -b`,
// which rebuilds what changed in their reference graph.
// The console (the slow vite build) is rebuilt only when console/dist/index.html is older than
// console/src, index.html, its config or the lib sources its tsconfig maps into the bundle.
// Every build is announced on stderr (stdout stays the command's); nothing is printed when current.
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

// BUILD_FOR_ROOT lets the spec run this against a throwaway workspace.
const root = resolve(process.env.BUILD_FOR_ROOT ?? join(__dirname, '..'));
const USAGE = 'usage: build-for <lib|service|console>... [-- <script.js> [args...]]';

const rel = (path) => relative(root, path).split(sep).join('/') || '.';
const mtime = (path) => statSync(path).mtimeMs;

/** `src/**\/*.spec.ts` -> a RegExp over paths relative to the project, `/`-separated. */
function globToRegExp(glob) {
  const pattern = glob
    .replace(/^\.\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(
      /\*\*\/|\*\*|\*|\?/g,
      (token) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[token],
    );
  return new RegExp(`^${pattern}$`);
}

/** Files under dir (node_modules and dist skipped), `/`-separated paths relative to base. */
function walk(dir, base, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, base, out);
    else out.push(relative(base, path).split(sep).join('/'));
  }
  return out;
}

/** The newest of paths (absolute), or undefined when none exists. */
function newest(paths) {
  let found;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const time = mtime(path);
    if (!found || time > found.time) found = { path, time };
  }
  return found;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The tsconfig and what it extends (relative extends only; package presets do not change here). */
function configChain(file) {
  const chain = [file];
  const config = readJson(file);
  if (typeof config.extends === 'string' && config.extends.startsWith('.'))
    chain.push(...configChain(resolve(dirname(file), config.extends)));
  return chain;
}

/** Sources the project's tsconfig includes, as absolute paths. */
function sources(dir, config) {
  const include = (config.include ?? ['**/*']).map(globToRegExp);
  const exclude = (config.exclude ?? []).map(globToRegExp);
  // Walk only the fixed head of each include glob (`src` for `src/**/*.ts`).
  const heads = new Set(
    (config.include ?? ['**/*']).map((glob) => {
      const parts = glob.split('/');
      const wild = parts.findIndex((part) => /[*?]/.test(part));
      return (wild < 0 ? parts.slice(0, -1) : parts.slice(0, wild)).join('/') || '.';
    }),
  );
  const files = new Set();
  for (const head of heads) {
    for (const file of walk(join(dir, head), dir)) {
      if (include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)))
        files.add(join(dir, file));
    }
  }
  return [...files];
}

function projectDir(target) {
  for (const dir of [target, `libs/${target}`, `services/${target}`]) {
    if (existsSync(join(root, dir, 'tsconfig.json'))) return join(root, dir);
  }
  throw new Error(`build-for: no libs/${target} or services/${target} with a tsconfig.json\n${USAGE}`);
}

/** Why the project at dir needs `tsc -b` (a sentence), or null when it is current. */
function projectStaleness(dir, seen = new Map()) {
  if (seen.has(dir)) return seen.get(dir);
  let reason = null;
  const file = join(dir, 'tsconfig.json');
  try {
    const config = readJson(file);
    const info = config.compilerOptions?.tsBuildInfoFile;
    const infoPath = info && join(dir, info);
    if (!infoPath || !existsSync(infoPath)) reason = `${rel(dir)} has not been built`;
    else {
      const builtAt = mtime(infoPath);
      const input = newest([...configChain(file), ...sources(dir, config)]);
      if (input && input.time > builtAt) reason = `${rel(input.path)} is newer than the build of ${rel(dir)}`;
      for (const reference of config.references ?? []) {
        if (reason) break;
        let refDir = resolve(dir, reference.path);
        if (refDir.endsWith('.json')) refDir = dirname(refDir);
        reason = projectStaleness(refDir, seen);
        const refInfo = join(
          refDir,
          readJson(join(refDir, 'tsconfig.json')).compilerOptions?.tsBuildInfoFile ?? '',
        );
        if (!reason && existsSync(refInfo) && mtime(refInfo) > builtAt)
          reason = `${rel(refDir)} was rebuilt after ${rel(dir)}`;
      }
    }
  } catch (error) {
    // A config this check cannot read: let tsc decide.
    reason = `${rel(file)} could not be checked (${error.message})`;
  }
  seen.set(dir, reason);
  return reason;
}

/** Why the console bundle needs `vite build` (a sentence), or null when it is current. */
function consoleStaleness() {
  const dir = join(root, 'console');
  const bundle = join(dir, 'dist/index.html');
  if (!existsSync(bundle)) return 'console/dist has not been built';
  const tsconfig = join(dir, 'tsconfig.json');
  // The libs the console bundles from source are the ones its tsconfig maps (../libs/<name>/src/...).
  const libs = new Set();
  for (const targets of Object.values(readJson(tsconfig).compilerOptions?.paths ?? {})) {
    for (const target of targets) {
      const lib = /^\.\.\/libs\/([^/]+)\/src\//.exec(target);
      if (lib) libs.add(join(root, 'libs', lib[1], 'src'));
    }
  }
  const inputs = [
    ...walk(join(dir, 'src'), dir).map((file) => join(dir, file)),
    // public/js/version.json is written by the build itself.
    ...walk(join(dir, 'public'), dir)
      .filter((file) => file !== 'public/js/version.json')
      .map((file) => join(dir, file)),
    ...['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'].map((file) => join(dir, file)),
    ...[...libs].flatMap((src) =>
      walk(src, src)
        .filter((file) => !/\.(int-)?spec\.ts$/.test(file))
        .map((file) => join(src, file)),
    ),
  ];
  const input = newest(inputs);
  return input && input.time > mtime(bundle) ? `${rel(input.path)} is newer than console/dist` : null;
}

/** Runs a build step with its output on stderr; exits with its status when it fails. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    process.stderr.write(
      `build-for: ${[command === process.execPath ? 'node' : command, ...args].join(' ')} failed\n`,
    );
    process.exit(result.status ?? 1);
  }
}

function build(targets) {
  if (!targets.length || targets.some((target) => target.startsWith('-'))) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const seen = new Map();
  const stale = [];
  for (const target of targets.filter((name) => name !== 'console')) {
    const dir = projectDir(target);
    const reason = projectStaleness(dir, seen);
    if (reason) stale.push({ dir, reason });
  }
  if (stale.length) {
    const tsc = require.resolve('typescript/bin/tsc', { paths: [root, __dirname] });
    const projects = stale.map(({ dir }) => rel(dir));
    process.stderr.write(
      `build-for: tsc -b ${projects.join(' ')} (${stale.map(({ reason }) => reason).join('; ')})\n`,
    );
    run(process.execPath, [tsc, '-b', ...projects]);
  }
  if (targets.includes('console')) {
    const reason = consoleStaleness();
    if (reason) {
      process.stderr.write(`build-for: console build (${reason})\n`);
      run('npm', ['run', '-s', '-w', 'console', 'build']);
    }
  }
}

const argv = process.argv.slice(2);
const split = argv.includes('--') ? argv.indexOf('--') : argv.length;
try {
  build(argv.slice(0, split));
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
const [script, ...args] = argv.slice(split + 1);
if (script) {
  const path = resolve(script);
  process.argv = [process.argv[0], path, ...args];
  require(path);
}
