import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where media bytes live: the local filesystem here; an object store would implement the same. */
export interface MediaStore {
  /** Writes the bytes under `key` (atomically: a reader never sees half a file). */
  put(key: string, bytes: Buffer): Promise<void>;
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** Files under one directory (DATA_DIR/media, or a volume every instance mounts in cluster mode). */
export class FileMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return undefined;
    }
  }

  /** Keys are ours (phone/date/id.ext), but a stored key never escapes the root. */
  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(normalize(this.root) + sep)) throw new Error(`media key outside the store: ${key}`);
    return path;
  }
}
