import { Logger } from '@nestjs/common';
import { DaySeedLoop } from './dashboard-seed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DaySeedLoop', () => {
  it('retries a failed seed with a growing delay until one succeeds, logging a few lines a minute', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const calls: number[] = [];
    const loop = new DaySeedLoop(async () => {
      calls.push(Date.now());
      if (calls.length < 6) throw new Error('tracking down');
    }, { first: 20, max: 80 });
    loop.start();
    await sleep(600);
    expect(calls).toHaveLength(6); // 20, 40, 80, 80, 80 ms apart, then success: no more attempts
    const gaps = calls.slice(1).map((at, i) => at - calls[i]);
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[4]).toBeLessThan(160);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0][0])).toContain('tracking down');
    warn.mockRestore();
  });

  it('stops retrying when stopped', async () => {
    let calls = 0;
    const loop = new DaySeedLoop(async () => {
      calls++;
      throw new Error('down');
    }, { first: 20, max: 20 });
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    loop.start();
    await sleep(30);
    loop.stop();
    const stopped = calls;
    await sleep(100);
    expect(calls).toBe(stopped);
  });
});
