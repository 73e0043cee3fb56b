/** Log lines per source address and window before the rest are only counted. */
const LINES_PER_WINDOW = 5;
const WINDOW_MS = 60_000;
/** Sources tracked at once: a spoofed-address flood cannot grow the table without bound. */
const MAX_SOURCES = 10_000;

interface Window {
  startedAt: number;
  logged: number;
  suppressed: number;
}

/**
 * Warnings a client can cause at will, rate-limited per source address: one client sending bad
 * checksums without pause wrote 236,790 lines in 10 s (7 MB/s), and one guessing auth codes would
 * write a line per guess. Each source gets a few lines per minute; what is suppressed is counted
 * (metric) and summed up in one line when the source's window ends.
 */
export class SourceLog {
  private readonly sources = new Map<string, Window>();

  constructor(
    /** What is counted, for the summary line ("bad frames"). */
    private readonly what: string,
    private readonly write: (line: string) => void,
    private readonly onSuppressed: () => void,
  ) {}

  /** Logs the line unless the source already used its lines in this window. */
  report(source: string, line: string, now = Date.now()): void {
    let window = this.sources.get(source);
    if (window && now - window.startedAt >= WINDOW_MS) {
      this.summarise(source, window);
      window = undefined;
    }
    if (!window) {
      if (this.sources.size >= MAX_SOURCES) this.evictOldest();
      window = { startedAt: now, logged: 0, suppressed: 0 };
      this.sources.set(source, window);
    }
    if (window.logged < LINES_PER_WINDOW) {
      window.logged++;
      this.write(line);
      return;
    }
    window.suppressed++;
    this.onSuppressed();
  }

  /** Ends the windows that are over (called by the gateway's sweep). */
  flush(now = Date.now()): void {
    for (const [source, window] of this.sources) {
      if (now - window.startedAt < WINDOW_MS) continue;
      this.summarise(source, window);
      this.sources.delete(source);
    }
  }

  private summarise(source: string, window: Window): void {
    if (window.suppressed > 0) this.write(`${window.suppressed} more ${this.what} from ${source} in ${WINDOW_MS / 1000} s (not logged one by one)`);
  }

  private evictOldest(): void {
    const oldest = this.sources.entries().next();
    if (oldest.done) return;
    this.summarise(oldest.value[0], oldest.value[1]);
    this.sources.delete(oldest.value[0]);
  }
}

/** The host part of `host:port` (IPv4 or IPv6), the unit the rate limit counts by. */
export function sourceHost(remoteAddress: string): string {
  const colon = remoteAddress.lastIndexOf(':');
  return colon > 0 ? remoteAddress.slice(0, colon) : remoteAddress;
}
