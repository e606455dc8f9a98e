import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { base, check, PORT, sleep } from '../config';
import { unwrap, withDemoProvider } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

type ProfileMedia = { mediaFiles?: unknown[]; media?: unknown[] };
const mediaCount = (json: unknown) => {
  const profile = unwrap<ProfileMedia>(json);
  return (profile.mediaFiles ?? profile.media ?? []).length;
};

function listFiles(dir: string): string[] {
  let out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(listFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/** Media and logo uploads cut off halfway: no row, no file left, the server still ready. */
export const uploadAbort: ReliabilityStep = {
  name: 'upload-abort',
  databases: BOTH,
  target: 'upload',
  run: (target) =>
    withDemoProvider(target, async ({ cookie, provider }) => {
      const files = () => listFiles(path.join(target.dataDir, 'uploads'));
      const rowsBefore = mediaCount(await (await fetch(`${base}/api/providers/${provider.id}`)).json());
      const filesBefore = files();
      for (const field of ['files', 'logo']) {
        const url = field === 'files' ? `/api/providers/${provider.id}/media` : `/api/providers/${provider.id}/logo`;
        const boundary = `----abort${randomUUID()}`;
        const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const total = 1_500_000;
        await new Promise<void>((resolve) => {
          const socket = net.connect(PORT, '127.0.0.1', () => {
            socket.write(
              `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + total + 100}\r\n\r\n`,
            );
            socket.write(head);
            socket.write(png);
            socket.write(Buffer.alloc(total / 2));
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 500);
          });
          socket.on('error', () => resolve());
        });
      }
      await sleep(1500);
      const rowsAfter = mediaCount(await (await fetch(`${base}/api/providers/${provider.id}`)).json());
      const filesAfter = files();
      check(rowsAfter === rowsBefore, `media rows ${rowsBefore} → ${rowsAfter}`);
      check(JSON.stringify(filesAfter) === JSON.stringify(filesBefore), `files left behind: ${filesAfter.filter((f) => !filesBefore.includes(f)).join(', ')}`);
      const stillUp = await fetch(`${base}/api/health/ready`).then((r) => r.status);
      check(stillUp === 200, 'server not ready after the aborted uploads');
      return 'media and logo uploads cut off halfway (0.75 MB of 1.5 MB): no row, no file, server ready';
    }),
};
