import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { openStoredPath, type StoredFile } from './stored-file';

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
    try {
      path = this.pathOf(key);
    } catch {
      return undefined; // a key outside the store names nothing in it
    }
    return openStoredPath(path);
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
