// The place index worker's entry (started by place-index-loader.ts, never imported): builds the
// index off the main thread and transfers it. A failure is an uncaught error, which the loader
// sees as the worker's 'error' event.
import { buildPlaceIndex, transferablesOf } from './place-index-build';

const { parentPort } = process.getBuiltinModule('node:worker_threads');

// The build is a warm-up (~2 CPU-s) that services start beside their live work: it must only take
// CPU nobody else wants. On Linux the nice value is per thread, and os.setPriority() with no pid
// applies to the calling thread, so this lowers the worker alone, not the service's main thread.
// Elsewhere it may lower the whole process or be refused; a refusal only means a normal priority.
try {
  process.getBuiltinModule('node:os').setPriority(19);
} catch {
  // not permitted here: build at the normal priority
}

const index = buildPlaceIndex();
parentPort?.postMessage(index, transferablesOf(index));
