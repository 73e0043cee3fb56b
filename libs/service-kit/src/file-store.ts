import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { AppError, ErrorCode } from '@openfleet/errors';
import { Readable, type Writable } from 'node:stream';
import { isMissing, type StoredFile } from './stored-file';

/** A file being written as a stream: invisible under its key until committed. */
export interface FileUpload {
  stream: Writable;
  /** Makes the written bytes visible under the key (after the stream has finished). */
  commit(): Promise<void>;
  /** Throws the partial bytes away. */
  abort(): Promise<void>;
}

/**
 * Where uploaded bytes live (terminal photos, alarm evidence): the local filesystem here; an object
 * store would implement the same. Keys are relative paths chosen by the service.
 */
export interface FileStore {
  /** Writes the bytes under `key` (atomically: a reader never sees half a file). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file under `key` with its size, undefined when there is none (serve it with {@link sendStoredFile}). */
  open(key: string): Promise<StoredFile | undefined>;
  /** Writes a piece of an upload that arrives in ranges (kept beside the final key until {@link commitPart}). */
  writePart(key: string, offset: number, bytes: Buffer): Promise<void>;
  /** Makes the assembled upload visible under `key`. */
  commitPart(key: string): Promise<void>;
  /** Writes a large file as a stream (exports), without holding it in memory. */
  createUpload(key: string): Promise<FileUpload>;
  /** Removes the file under `key`; nothing when there is none. */
  remove(key: string): Promise<void>;
}

/** Files under one directory (DATA_DIR/…, or a volume every instance mounts in cluster mode). */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  /** Undefined only when there is no such file; a disk that fails to answer is a 500 (AppError). */
  async open(key: string): Promise<StoredFile | undefined> {
    let path: string;
    let size: number;
    try {
      path = this.pathOf(key);
    } catch {
      return undefined; // a key outside the store names nothing in it
    }
    try {
      const stats = await stat(path);
      if (!stats.isFile()) return undefined;
      size = stats.size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new AppError(ErrorCode.SERVER_ERROR, { cause: error, detail: `stored file unreadable: ${(error as NodeJS.ErrnoException).code}` });
    }
    // Opened when first read: a caller that only wants the size holds no descriptor.
    let stream: Readable | undefined;
    return {
      size,
      get stream(): Readable {
        stream ??= size > 0 ? createReadStream(path, { start: 0, end: size - 1 }) : Readable.from([]);
        return stream;
      },
    };
  }

  async writePart(key: string, offset: number, bytes: Buffer): Promise<void> {
    const path = `${this.pathOf(key)}.part`;
    await mkdir(dirname(path), { recursive: true });
    // 'a+' would ignore the position on Linux; 'r+' needs the file to exist.
    const handle = await open(path, 'r+').catch(() => open(path, 'w+'));
    try {
      await handle.write(bytes, 0, bytes.length, offset);
    } finally {
      await handle.close();
    }
  }

  async commitPart(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rename(`${path}.part`, path);
  }

  async createUpload(key: string): Promise<FileUpload> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    const stream = createWriteStream(partial);
    return {
      stream,
      commit: () => rename(partial, path),
      abort: async () => {
        stream.destroy();
        await rm(partial, { force: true });
      },
    };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** A stored key never escapes the root. */
  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(normalize(this.root) + sep)) throw new Error(`file key outside the store: ${key}`);
    return path;
  }
}
