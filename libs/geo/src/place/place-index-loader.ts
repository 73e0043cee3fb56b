import type { PlaceIndexData } from './place-index-build';

/** What the loader needs of a worker_threads Worker (no Node types: the lib is browser-safe). */
interface IndexWorker {
  once(event: 'message', listener: (index: PlaceIndexData) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  ref(): void;
  unref(): void;
}

// Run from TypeScript sources (jest, ts-node) there is no compiled worker file: the worker
// transpiles the place modules with the TypeScript compiler as it requires them.
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const ts = require('node:module').createRequire(workerData.entry)('typescript');
const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 };
require.extensions['.ts'] = (module, file) => module._compile(ts.transpileModule(readFileSync(file, 'utf8'), { fileName: file, compilerOptions }).outputText, file);
require(workerData.entry);
`;

let worker: IndexWorker | undefined;

/** Whether this runtime can build the index (Node; not the browser bundle that shares the lib). */
export function canLoadPlaceIndex(): boolean {
  return typeof process !== 'undefined' && typeof process.getBuiltinModule === 'function';
}

/**
 * Starts the worker that reads the boundary data and builds the index, and answers the index it
 * transfers back. The main thread only receives typed arrays (no parsing, no copy). Node modules
 * are reached through `process.getBuiltinModule`, so the console bundle never pulls
 * `worker_threads`. The worker does not keep the process alive unless someone waits for it
 * (`keepAlive`).
 */
export function loadPlaceIndexInWorker(): Promise<PlaceIndexData> {
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const path = process.getBuiltinModule('node:path');
  const fromSources = __filename.endsWith('.ts');
  const entry = path.join(__dirname, fromSources ? 'place-index-worker.ts' : 'place-index-worker.js');
  const started: IndexWorker = fromSources ? new Worker(FROM_SOURCES, { eval: true, workerData: { entry } }) : new Worker(entry);
  started.unref();
  worker = started;
  return new Promise<PlaceIndexData>((resolve, reject) => {
    started.once('message', resolve);
    started.once('error', reject);
    // After the message this is a no-op; before it, the worker died without an error event.
    started.once('exit', (code) => reject(new Error(`place index worker exited (${code}) without an index`)));
  }).finally(() => {
    worker = undefined;
  });
}

/** Keeps the process alive until the worker answers (for a caller that awaits the index). */
export function keepAlive(): void {
  worker?.ref();
}
