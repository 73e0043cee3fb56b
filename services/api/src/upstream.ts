import { HttpStatus, Logger, type INestApplication } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
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

/**
 * `/health/upstreams`: whether each service the api routes to answers its own `/health` (200 when
 * all do, 503 naming those that do not). Not part of the api's `/health`, which the load balancer
 * reads: with the routed services in it, one of them down (or slow under load: each probe has 2 s)
 * took every api replica out of the balancer, and the console's login and every other page with it,
 * while each route already answers 503 on its own when its service is down (`proxyErrorHandler`).
 * In cluster-n a restarted api replica stayed "unhealthy" past 120 s that way, its own database and
 * bus up, while one of its eleven upstreams' probes at a time ran out of time on the loaded machine.
 */
export function mountUpstreamHealth(app: INestApplication, upstreams: Record<string, string>): void {
  const http = app.getHttpAdapter();
  http.get('/health/upstreams', async (_request: IncomingMessage, response: ServerResponse) => {
    const states = await Promise.all(
      Object.entries(upstreams).map(async ([name, url]) => {
        try {
          const answer = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          return [name, answer.ok ? 'up' : 'down'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const down = states.filter(([, state]) => state === 'down').map(([name]) => name);
    response.writeHead(down.length ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ status: down.length ? 'error' : 'ok', down, upstreams: Object.fromEntries(states) }));
  });
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
