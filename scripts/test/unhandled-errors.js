// Integration suites fail when something they start leaves an unhandled promise rejection or an
// uncaught exception (an 'error' event with no listener ends up as one): in standalone mode either
// would take every service down with the process. Installed for the integration project by
// jest.config.js; the failure names what was left unhandled.
/* global afterEach, afterAll */

/** Records unhandled rejections and uncaught exceptions of `target` (the process) until `stop()`. */
function recordUnhandled(target = process) {
  const recorded = [];
  const describe = (kind, value) => `${kind}: ${value instanceof Error ? value.stack || value.message : String(value)}`;
  const onRejection = (reason) => recorded.push(describe('unhandled rejection', reason));
  const onException = (error) => recorded.push(describe('uncaught exception', error));
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return {
    /** What was recorded since the last call. */
    take: () => recorded.splice(0),
    stop: () => {
      target.off('unhandledRejection', onRejection);
      target.off('uncaughtException', onException);
    },
  };
}

function failOn(found, where) {
  if (found.length) throw new Error(`${found.length} unhandled error(s) ${where}:\n${found.join('\n---\n')}`);
}

function installUnhandledErrorCheck() {
  const recorder = recordUnhandled();
  afterEach(() => failOn(recorder.take(), 'during this test'));
  afterAll(async () => {
    // Late failures of what the suite closed (sockets, timers of a stopped platform) still count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    recorder.stop();
    failOn(recorder.take(), 'while the suite ran or closed');
  });
}

module.exports = { recordUnhandled, failOn, installUnhandledErrorCheck };
if (typeof afterEach === 'function' && typeof afterAll === 'function') installUnhandledErrorCheck();
