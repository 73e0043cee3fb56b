// The place index worker's entry (started by place-index-loader.ts, never imported): builds the
// index off the main thread and transfers it. A failure is an uncaught error, which the loader
// sees as the worker's 'error' event.
import { buildPlaceIndex, transferablesOf } from './place-index-build';

const { parentPort } = process.getBuiltinModule('node:worker_threads');
const index = buildPlaceIndex();
parentPort?.postMessage(index, transferablesOf(index));
