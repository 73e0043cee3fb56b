import { HttpStatus, Logger, type INestApplication } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import { HealthRegistry } from '@openfleet/service-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const logger = new Logger('ApiProxy');
const PROBE_TIMEOUT_MS = 2000;
/** Proxy failures logged per upstream and minute; the rest are counted in the next line. */
const LOG_LINES_PER_MINUTE = 5;
const logWindows = new Map<string, { startedAt: number; lines: number; suppressed: number }>();

/**
 * What the console gets when a routed service is down: the envelope (503 service unavailable, or
 * 504 when it did not answer in time), never http-proxy's plain text.
 */
export function proxyErrorHandler(upstream: string) {
  return (error: NodeJS.ErrnoException, request: IncomingMessage, response: ServerResponse | Socket): void => {
    logRateLimited(upstream, `${request.method} ${request.url} -> ${upstream}: ${error.code ?? error.message}`);
    if (!('writeHead' in response)) {
      response.destroy();
      return;
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const timedOut = error.code === 'ETIMEDOUT' || error.code === 'ESOCKETTIMEDOUT' || error.code === 'ECONNRESET';
    const code = timedOut ? ErrorCode.GATEWAY_TIMEOUT : ErrorCode.SERVICE_UNAVAILABLE;
    const english = String(request.headers['accept-language'] ?? '').toLowerCase().startsWith('en');
    const body = JSON.stringify(new AppError(code, { data: { service: upstream } }).toEnvelope(english ? 'en_US' : 'zh_CN'));
    response.writeHead(timedOut ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.SERVICE_UNAVAILABLE, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(body);
  };
}

/** `/health` of the api includes each service it routes to: a routed service down is the api not ready. */
export function registerUpstreamHealth(app: INestApplication, upstreams: Record<string, string>): void {
  const health = app.get(HealthRegistry);
  for (const [name, url] of Object.entries(upstreams)) {
    health.register(`upstream-${name}`, async () => {
      try {
        const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
        return response.ok;
      } catch {
        return false;
      }
    });
  }
}

function logRateLimited(upstream: string, line: string): void {
  const now = Date.now();
  let window = logWindows.get(upstream);
  if (!window || now - window.startedAt >= 60_000) {
    if (window?.suppressed) logger.warn(`${window.suppressed} more proxy failures to ${upstream} in the last minute`);
    window = { startedAt: now, lines: 0, suppressed: 0 };
    logWindows.set(upstream, window);
  }
  if (window.lines++ < LOG_LINES_PER_MINUTE) logger.warn(`proxy failure: ${line}`);
  else window.suppressed++;
}
