import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Two classes of file: public (logos, covers, provider media: served at /uploads/{key}) and
 * private (quote attachments: served only through a route that checks the caller).
 */
export type StorageClass = 'public' | 'private';

export interface StoredFile {
  key: string;
  size: number;
}

export interface Storage {
  /** Stores bytes under a server-generated key; `extension` has no dot. */
  put(kind: StorageClass, bytes: Buffer, extension: string): Promise<StoredFile>;
  open(kind: StorageClass, key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(kind: StorageClass, key: string): Promise<void>;
  publicUrl(key: string): string;
}

const KEY_PATTERN = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

/** Files on local disk under DATA_DIR/uploads; an S3-compatible class can implement the same interface. */
export function createLocalStorage(root: string): Storage {
  const dirFor = (kind: StorageClass) => path.join(root, kind);
  const fileFor = (kind: StorageClass, key: string) => {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return path.join(dirFor(kind), key);
  };
  return {
    async put(kind, bytes, extension) {
      if (!/^[a-z0-9]{1,5}$/.test(extension)) throw new Error('Invalid extension');
      await mkdir(dirFor(kind), { recursive: true });
      const key = `${randomUUID()}.${extension}`;
      await writeFile(fileFor(kind, key), bytes, { flag: 'wx' });
      return { key, size: bytes.length };
    },
    async open(kind, key) {
      if (!isStorageKey(key)) return null;
      try {
        const file = fileFor(kind, key);
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(kind, key) {
      await rm(fileFor(kind, key), { force: true });
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
