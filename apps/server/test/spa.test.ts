import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { putOwnedPublicFile } from './fixtures/providers';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'solar-dist-'));
    mkdirSync(path.join(dist, 'assets/contracts'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets/index-AbC12345.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets/contracts/uav-hire.pdf'), '%PDF-1.4');
    t = await createTestApp({
      build: { serveWeb: true, webDistDir: dist },
      env: { LINK_CONTACT: 'https://contact.example/</script><script>alert(1)</script>' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every other path with the app shell, its configuration inlined and escaped', async () => {
    for (const url of ['/', '/providers/abc', '/explore-tenders?page=2', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<script id="app-config" type="application/json">');
    }
    const body = (await t.app.inject('/')).body;
    expect(body).not.toContain('</script><script>alert(1)');
    const json = body.match(/<script id="app-config" type="application\/json">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(json).links.contact).toBe('https://contact.example/</script><script>alert(1)</script>');
  });

  it('sends a strict CSP with HTML', async () => {
    const res = await t.app.inject('/');
    const csp = res.headers['content-security-policy'] as string;
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", 'worker-src']) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves hashed assets as immutable and static files as they are', async () => {
    const asset = await t.app.inject('/assets/index-AbC12345.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const pdf = await t.app.inject('/assets/contracts/uav-hire.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown /api, /assets and /uploads paths with a JSON 404, never the shell', async () => {
    for (const url of ['/api/nothing', '/assets/missing.js', '/uploads/nothing.png', '/uploads/00000000-0000-0000-0000-000000000000.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });

  it('serves public uploads with nosniff, and documents as attachments', async () => {
    const image = await putOwnedPublicFile(t, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png');
    const doc = await putOwnedPublicFile(t, Buffer.from('%PDF-1.4'), 'pdf');
    const res = await t.app.inject(`/uploads/${image.key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const pdf = await t.app.inject(`/uploads/${doc.key}`);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    const hidden = await t.ctx.storage.put('private', Buffer.from('%PDF-1.4'), 'pdf');
    expect((await t.app.inject(`/uploads/${hidden.key}`)).statusCode).toBe(404); // private files never here
  });
});
