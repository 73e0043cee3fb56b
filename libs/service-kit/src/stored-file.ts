import { AppError, ErrorCode } from '@openfleet/errors';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** A stored file ready to be read: what {@link FileStore.open} gives. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface StoredFileOptions {
  contentType: string;
  /** The name the browser saves it under (any language: sent per RFC 5987). */
  fileName?: string;
  /** Inline by default; `attachment` makes the browser save it. */
  disposition?: 'inline' | 'attachment';
  cacheControl?: string;
  /** The endpoint's own "not found" (NOT_FOUND 404 by default). */
  notFound?: () => AppError;
}

/** Names longer than this (UTF-8 bytes) are refused, as most filesystems do. */
const MAX_NAME_BYTES = 255;

/**
 * A file name that came from outside (a terminal, an upload): the same name when it is one plain
 * path segment, undefined when it is empty, `.` or `..`, longer than 255 bytes, or holds a
 * separator, NUL or another control character.
 */
export function safeFileName(name: string | undefined): string | undefined {
  if (!name || name === '.' || name === '..') return undefined;
  if (/[/\\]/.test(name) || [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return undefined;
  return name;
}

/**
 * Serves a stored file: a path (stated first) or an opened {@link StoredFile}; undefined means
 * missing. Resolves once the bytes are out. A file that is missing, or whose stream fails before
 * anything was sent, rejects with `notFound` (the envelope filter answers it); a stream that fails
 * after the headers left destroys the response. Nothing here throws past the caller.
 */
export async function sendStoredFile(response: Response, source: string | StoredFile | undefined, options: StoredFileOptions): Promise<void> {
  const notFound = options.notFound ?? (() => new AppError(ErrorCode.NOT_FOUND));
  const file = typeof source === 'string' ? await openStoredPath(source) : source;
  if (!file) throw notFound();
  response.setHeader('Content-Type', options.contentType);
  response.setHeader('Content-Length', String(file.size));
  if (options.cacheControl) response.setHeader('Cache-Control', options.cacheControl);
  if (options.fileName !== undefined) response.setHeader('Content-Disposition', contentDisposition(options.disposition ?? 'inline', options.fileName));
  await new Promise<void>((resolve, reject) => {
    const { stream } = file;
    let failed = false;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      stream.unpipe(response);
      stream.destroy();
      if (!response.headersSent) {
        for (const header of ['Content-Type', 'Content-Length', 'Cache-Control', 'Content-Disposition']) response.removeHeader(header);
        reject(isMissing(error) ? notFound() : new AppError(ErrorCode.SERVER_ERROR, { cause: error, detail: `stored file unreadable: ${error.code ?? error.message}` }));
        return;
      }
      // The client has part of the file: cutting the connection tells it the file is incomplete.
      response.destroy();
      resolve();
    });
    // A client that goes away releases the file at once.
    response.once('close', () => {
      if (!stream.destroyed && !stream.readableEnded) stream.destroy();
      resolve();
    });
    response.once('finish', () => resolve());
    stream.pipe(response);
  });
}

/** The header with an ASCII fallback and the exact name for browsers that read `filename*`. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** Errors that mean the file is not there (rather than unreadable). */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * The file at `path`, stat'ed now; undefined only when there is none (a disk that fails to answer is
 * a 500 AppError). Its stream is opened when first read, so a caller that only wants the size holds
 * no descriptor, and never reads past the size announced in Content-Length should the file grow.
 */
export async function openStoredPath(path: string): Promise<StoredFile | undefined> {
  let size: number;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) return undefined;
    size = stats.size;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw new AppError(ErrorCode.SERVER_ERROR, { cause: error, detail: `stored file unreadable: ${(error as NodeJS.ErrnoException).code}` });
  }
  let stream: Readable | undefined;
  return {
    size,
    get stream(): Readable {
      stream ??= size > 0 ? createReadStream(path, { start: 0, end: size - 1 }) : Readable.from([]);
      return stream;
    },
  };
}
