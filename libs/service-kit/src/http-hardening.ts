import type { INestApplication } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import { json, urlencoded, type NextFunction, type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Largest JSON or form body accepted (the console's biggest payloads are batch ids and role trees). */
export const HTTP_BODY_LIMIT = '1mb';
/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 64;
/**
 * Most elements of any one JSON array: the largest list a DTO declares (`@ArrayMaxSize(20_000)`,
 * the vehicle ids of a fence or a command). Longer lists are refused before parsing, so no
 * per-item work (transform, validation, storage) ever sees them.
 */
export const MAX_JSON_ARRAY_ITEMS = 20_000;
/** Spec §9: a snapshot is at most 2 MB (`MAX_SNAPSHOT_BYTES` of the video service, `SNAPSHOT_MAX_BYTES` of the console). */
const SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Body of `POST /video/snapshots`: a 2 MB picture as a base64 data URL is 4/3 as long (2,796,204
 * characters), plus the "data:image/jpeg;base64," prefix and the vehicle and channel fields. A picture
 * a little over 2 MB still fits and gets the snapshot service's own 413; a larger one gets this limit's.
 */
export const SNAPSHOT_BODY_LIMIT = Math.ceil(SNAPSHOT_MAX_BYTES / 3) * 4 + 4096;
/** The routes whose JSON body may exceed `HTTP_BODY_LIMIT`, by "METHOD /path" (exact path, no prefix). */
export const LARGE_BODY_ROUTES: Readonly<Record<string, number>> = { 'POST /video/snapshots': SNAPSHOT_BODY_LIMIT };

/** An http-errors style error that body-parser raises (`status` 400/413/415, `type` e.g. 'entity.too.large'). */
export class BodyRejected extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor(readonly type: string, message: string) {
    super(message);
  }
}

/**
 * Throws before JSON.parse when `body` nests deeper than `maxDepth` (a 40,000-deep body used to
 * reach the validation layer and end as a 500) or holds an array of more than `maxArrayItems`
 * elements (a 10,000-item list used to reach per-item work for seconds before being refused).
 * One pass over the bytes, strings skipped; elements are counted by the commas of each array.
 */
export function assertJsonShape(body: Buffer, maxDepth = MAX_JSON_DEPTH, maxArrayItems = MAX_JSON_ARRAY_ITEMS): void {
  const isArray = new Uint8Array(maxDepth + 2);
  const commas = new Uint32Array(maxDepth + 2);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x2c) {
      // n commas separate n + 1 elements (a malformed body is JSON.parse's to refuse).
      if (depth > 0 && isArray[depth] === 1 && ++commas[depth] >= maxArrayItems) throw new BodyRejected('entity.too.many.items', `JSON array longer than ${maxArrayItems} elements`);
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > maxDepth) throw new BodyRejected('entity.too.deep', `JSON nested deeper than ${maxDepth} levels`);
      isArray[depth] = byte === 0x5b ? 1 : 0;
      commas[depth] = 0;
    } else if ((byte === 0x5d || byte === 0x7d) && depth > 0) depth--;
  }
}

/** The nesting check alone, as it was before the array cap: kept for callers of the old name. */
export function assertJsonDepth(body: Buffer, maxDepth = MAX_JSON_DEPTH): void {
  assertJsonShape(body, maxDepth, Number.MAX_SAFE_INTEGER);
}

/**
 * HTTP limits every service shares: bounded JSON and form bodies (larger for the few
 * `LARGE_BODY_ROUTES`) with a nesting and an array-length limit, and the envelope (not Node's bare
 * `400 Bad Request`) for requests Node's parser refuses, such as a query string with raw UTF-8
 * bytes. Body errors reach `EnvelopeExceptionFilter`, which answers 400/413.
 */
export function hardenHttp(app: INestApplication): void {
  const verify = (_request: Request, _response: unknown, body: Buffer) => assertJsonShape(body);
  const standard = json({ limit: HTTP_BODY_LIMIT, verify });
  const large = new Map(Object.entries(LARGE_BODY_ROUTES).map(([route, limit]) => [route, json({ limit, verify })]));
  app.use((request: Request, response: Response, next: NextFunction) => (large.get(routeOf(request)) ?? standard)(request, response, next));
  app.use(urlencoded({ extended: false, limit: HTTP_BODY_LIMIT, parameterLimit: 1000 }));
  const server = app.getHttpServer() as Server;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket));
}

/** "POST /video/snapshots" of a request: its method and path without the query or a trailing slash. */
function routeOf(request: Request): string {
  const path = request.path.length > 1 && request.path.endsWith('/') ? request.path.slice(0, -1) : request.path;
  return `${request.method} ${path}`;
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(new AppError(ErrorCode.BAD_PARAMETER, { data: tooLarge ? 'request headers too large' : 'malformed request line or headers' }).toEnvelope('zh_CN'));
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
