import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { providers, type UserRow } from '../../src/db/schema/index';
import { signedInUser as createSignedInUser, type TestApp } from '../harness';

export interface SignedIn {
  user: UserRow;
  cookie: string;
}

export const signedInUser = (t: TestApp, opts: { admin?: boolean; name?: string } = {}): Promise<SignedIn> =>
  createSignedInUser(t, { name: 'Quote Tester', company: 'Quote Test Ltd', type: 'representative', ...opts });

export async function insertProvider(t: TestApp, values: Partial<typeof providers.$inferInsert> & { businessName: string }) {
  const [row] = await t.ctx.database.db
    .insert(providers)
    .values({ slug: `quote-test-${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  return row!;
}

export interface Part {
  field: string;
  value?: string;
  filename?: string;
  bytes?: Buffer;
  type?: string;
}

/** A multipart body of text fields and files. */
export function multipart(parts: Part[]) {
  const boundary = `----quotes${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.bytes) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename ?? 'file'}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([field, value]) => ({ field, value }));

export const pdf = (marker = 'quote') => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
/** An OLE compound file header (legacy .doc, but also .xls, .msi ...). */
export const ole = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A minimal stored (uncompressed) zip: enough for a real .docx signature. */
export function zip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const docx = () =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
  ]);

/** Files in the private storage class. */
export function privateFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.ctx.env.DATA_DIR, 'uploads', 'private')).sort();
  } catch {
    return [];
  }
}
