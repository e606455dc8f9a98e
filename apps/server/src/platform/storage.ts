import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

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

/** Files on local disk under DATA_DIR/uploads (the default). */
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

export interface S3Config {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  storageUrl: string;
  /** Path-style endpoint, e.g. `https://s3.eu-west-2.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Files in an S3-compatible bucket (docs/decisions/0382), under `{prefix}/{public|private}/{key}`,
 * signed with SigV4 by aws4fetch. Objects are written with no ACL, so they are as private as the
 * bucket (S3 blocks public access by default); the app streams both classes through its own routes
 * (`/uploads/{key}` for owned public files, the quote attachment route for private ones), and
 * `publicUrl` never names the bucket. Path-style addresses work with AWS and with every
 * S3-compatible server (MinIO, Ceph, R2, s3rver).
 */
export function createS3Storage(config: S3Config): Storage {
  const target = new URL(config.storageUrl);
  const bucket = target.hostname;
  const prefix = target.pathname.replace(/^\/+|\/+$/g, '');
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 2,
  });
  const base = config.endpoint.replace(/\/$/, '');
  const objectUrl = (kind: StorageClass, key: string) => {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return `${base}/${bucket}/${prefix ? `${prefix}/` : ''}${kind}/${key}`;
  };
  const failed = async (res: Response, action: string) =>
    new Error(`S3 ${action} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return {
    async put(kind, bytes, extension) {
      if (!/^[a-z0-9]{1,5}$/.test(extension)) throw new Error('Invalid extension');
      const key = `${randomUUID()}.${extension}`;
      const res = await client.fetch(objectUrl(kind, key), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!res.ok) throw await failed(res, 'PUT');
      await res.arrayBuffer();
      return { key, size: bytes.length };
    },
    async open(kind, key) {
      if (!isStorageKey(key)) return null;
      const res = await client.fetch(objectUrl(kind, key));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) throw await failed(res, 'GET');
      return { stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size: Number(res.headers.get('content-length') ?? 0) };
    },
    async delete(kind, key) {
      const res = await client.fetch(objectUrl(kind, key), { method: 'DELETE' });
      // S3 answers 204 whether or not the object existed; some compatible servers answer 404.
      if (!res.ok && res.status !== 404) throw await failed(res, 'DELETE');
      await res.arrayBuffer();
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
