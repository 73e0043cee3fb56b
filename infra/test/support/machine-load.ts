import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * One line on how busy the machine is right now, for a load test's log: the load average, the CPU
 * split over half a second (steal is time the hypervisor gave to another guest) and the busiest
 * processes. A cluster run that falls behind on a CI machine says from this whether something else
 * held the cores (stops 47 and 48: CI acknowledged a quarter of the positions a session's run does).
 */
export async function machineLoad(busiest = 6): Promise<string> {
  const load = loadavg().map((n) => n.toFixed(1)).join('/');
  try {
    const { stdout } = await run('top', ['-b', '-c', '-n', '2', '-d', '0.5', '-o', '%CPU', '-w', '160'], { timeout: 10_000 });
    const frame = stdout.slice(stdout.lastIndexOf('\ntop - ') + 1).split('\n');
    const cpu = frame.find((line) => line.startsWith('%Cpu'))?.replace(/^%Cpu\(s\):\s*/, '').replace(/\s+/g, ' ').trim() ?? '?';
    const header = frame.findIndex((line) => /^\s*PID\s/.test(line));
    const processes = frame
      .slice(header + 1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length >= 12 && Number(cols[8]) >= 5)
      .slice(0, busiest)
      .map((cols) => `${cols.slice(11).join(' ').slice(0, 80)} ${cols[8]}% (pid ${cols[0]}, cpu ${cols[10]})`);
    return `load ${load}; cpu ${cpu}; busiest: ${processes.join(', ') || 'none over 5%'}`;
  } catch (error) {
    return `load ${load}; top failed: ${(error as Error).message.slice(0, 200)}`;
  }
}
