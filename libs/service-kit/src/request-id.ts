import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A caller's id is kept only when it is short and plain, so it cannot forge log fields or headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when sane (first value if repeated), otherwise a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * pino-http `genReqId`: picks the request id, echoes it in the response header, and pino-http puts
 * it on the request (`req.id`) and in every log line of the request (`req.id`).
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const id = requestIdOf(request.headers['x-request-id']);
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * pino-http `customLogLevel`: a request that went well is a debug line (at the default info level
 * the log is for people: a busy console made thousands of lines an hour), a refused one (4xx) is
 * info, a failure (5xx or a thrown error) is an error. `LOG_LEVEL=debug` shows every request.
 */
export function requestLogLevel(_request: IncomingMessage, response: ServerResponse, error?: Error): 'debug' | 'info' | 'error' {
  if (error || response.statusCode >= 500) return 'error';
  return response.statusCode >= 400 ? 'info' : 'debug';
}
