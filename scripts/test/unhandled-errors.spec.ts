// The recorder behind the integration suites' unhandled-error check, on an emitter standing in for
// the process (the real process's handlers are the ones under test in every integration suite).
import { EventEmitter } from 'node:events';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { recordUnhandled, failOn } = require('./unhandled-errors.js') as {
  recordUnhandled: (target: EventEmitter) => { take: () => string[]; stop: () => void };
  failOn: (found: string[], where: string) => void;
};

describe('the unhandled-error recorder', () => {
  it('records unhandled rejections and uncaught exceptions, once each, until stopped', () => {
    const fakeProcess = new EventEmitter();
    const recorder = recordUnhandled(fakeProcess);
    fakeProcess.emit('unhandledRejection', new Error('late FTP event'));
    fakeProcess.emit('uncaughtException', new Error('ENOENT: read stream without a listener'));
    const found = recorder.take();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^unhandled rejection: Error: late FTP event/);
    expect(found[1]).toMatch(/^uncaught exception: Error: ENOENT/);
    expect(recorder.take()).toEqual([]);
    recorder.stop();
    expect(fakeProcess.listenerCount('unhandledRejection')).toBe(0);
    expect(fakeProcess.listenerCount('uncaughtException')).toBe(0);
  });

  it('fails with what was left unhandled, and passes when nothing was', () => {
    expect(() => failOn([], 'during this test')).not.toThrow();
    expect(() => failOn(['unhandled rejection: boom'], 'during this test')).toThrow(/1 unhandled error\(s\) during this test:\nunhandled rejection: boom/);
  });
});
