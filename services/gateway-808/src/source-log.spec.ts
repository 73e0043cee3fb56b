import { SourceLog, sourceHost } from './source-log';

describe('SourceLog', () => {
  it('logs five lines per source and minute, counts the rest and sums them up when the window ends', () => {
    const lines: string[] = [];
    let suppressed = 0;
    const log = new SourceLog('bad frames', (line) => lines.push(line), () => suppressed++);
    for (let i = 0; i < 1000; i++) log.report('10.0.0.1', `bad ${i}`, 1_000);
    log.report('10.0.0.2', 'other source', 1_000);
    expect(lines).toEqual(['bad 0', 'bad 1', 'bad 2', 'bad 3', 'bad 4', 'other source']);
    expect(suppressed).toBe(995);
    log.flush(60_999);
    expect(lines).toHaveLength(6);
    log.flush(61_000);
    expect(lines.at(-1)).toBe('995 more bad frames from 10.0.0.1 in 60 s (not logged one by one)');
    log.report('10.0.0.1', 'next window', 61_001);
    expect(lines.at(-1)).toBe('next window');
  });

  it('takes the host of host:port, IPv6 included', () => {
    expect(sourceHost('127.0.0.1:5000')).toBe('127.0.0.1');
    expect(sourceHost('::ffff:127.0.0.1:5000')).toBe('::ffff:127.0.0.1');
  });
});
