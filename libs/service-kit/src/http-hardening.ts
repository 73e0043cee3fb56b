import type { INestApplication } from '@nestjs/common';
import { AppError, ErrorCode } from '@openfleet/errors';
import { json, urlencoded, type Request } from 'express';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Largest JSON or form body accepted (the console's biggest payloads are batch ids and role trees). */
export const HTTP_BODY_LIMIT = '1mb';
/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 64;

/** An http-errors style error that body-parser raises (`status` 400/413/415, `type` e.g. 'entity.too.large'). */
export class BodyRejected extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor(readonly type: string, message: string) {
    super(message);
  }
}

/**
 * Throws before JSON.parse when `body` nests deeper than `maxDepth`: a 40,000-deep body used to
 * reach the validation layer and end as a 500. One pass over the bytes, strings skipped.
 */
export function assertJsonDepth(body: Buffer, maxDepth = MAX_JSON_DEPTH): void {
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
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > maxDepth) throw new BodyRejected('entity.too.deep', `JSON nested deeper than ${maxDepth} levels`);
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
}

/**
 * HTTP limits every service shares: bounded JSON and form bodies with a nesting limit, and the
 * envelope (not Node's bare `400 Bad Request`) for requests Node's parser refuses, such as a query
 * string with raw UTF-8 bytes. Body errors reach `EnvelopeExceptionFilter`, which answers 400/413.
 */
export function hardenHttp(app: INestApplication): void {
  app.use(json({ limit: HTTP_BODY_LIMIT, verify: (_request: Request, _response: unknown, body: Buffer) => assertJsonDepth(body) }));
  app.use(urlencoded({ extended: false, limit: HTTP_BODY_LIMIT, parameterLimit: 1000 }));
  const server = app.getHttpServer() as Server;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket));
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
