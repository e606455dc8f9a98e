import { publicCacheControl } from '../../src/plugins/http-cache';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../harness';
import { privateWorld, type PrivateWorld } from './fixtures';
import { putOwnedPublicFile } from '../fixtures/providers';

/**
 * The headers of docs/security.md#the-stacks-defaults on every kind of response: page, API, API error, 404, forced 500, static
 * file, public upload and private download; the CSP only on HTML (decision: HTML-only headers).
 */
describe('security headers on every kind of response', () => {
  let t: TestApp;
  let dist: string;
  let w: PrivateWorld;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'solar-dist-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets/index-Hdr12345.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // robots.txt is the server's own route (decision 0374): a file of that name in the build is ignored.
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    t = await createTestApp({
      build: { serveWeb: true, webDistDir: dist },
      routes: (app) =>
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail /etc/db');
        }),
    });
    w = await privateWorld(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const common = (label: string, res: LightMyRequestResponse) => {
    const h = res.headers;
    expect(h['x-content-type-options'], label).toBe('nosniff');
    expect(h['x-frame-options'], label).toBe('DENY');
    expect(h['referrer-policy'], label).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    expect(h['permissions-policy'], label).toContain('camera=()');
    expect(h['cross-origin-opener-policy'], label).toBe('same-origin');
    expect(h['x-request-id'], label).toBeTruthy();
    expect(h['x-powered-by'], label).toBeUndefined();
    expect(h['server'], label).toBeUndefined();
    expect(h['strict-transport-security'], `${label}: no HSTS over plain http`).toBeUndefined();
  };

  it('pages: every header and a strict CSP', async () => {
    for (const url of ['/', '/providers', '/no/such/page']) {
      const res = await t.app.inject(url);
      common(url, res);
      const csp = String(res.headers['content-security-policy']);
      for (const d of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(csp, url).toContain(d);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('API answers, errors and 404s: every header, no-store (public reads: public within the stated bound), no CSP', async () => {
    const cases: Array<[string, number]> = [
      ['/api/health', 200],
      ['/api/providers/search?sort=name', 200],
      ['/api/auth/me', 401],
      ['/api/providers/search?sort=bogus', 400],
      ['/api/nothing', 404],
      ['/assets/missing.js', 404],
      ['/uploads/none.png', 404],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      common(url, res);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      // A visitor's answer to a public read is public within the stated bound (decision 0430); every other API answer no-store.
      if (url.startsWith('/api/')) expect(res.headers['cache-control'], url).toBe(res.statusCode === 200 && url.startsWith('/api/providers/search') ? publicCacheControl() : 'no-store');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('a forced 500: every header, a generic body with a reference, details only in the log', async () => {
    const res = await t.app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    common('500', res);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    const { reference } = res.json();
    expect(reference).toBe(res.headers['x-request-id']);
    expect(t.logs.some((l) => l.includes('secret internal detail') && l.includes(reference))).toBe(true);
  });

  it('static files and uploads: every header (hashed assets the ones that apply to them), nosniff types, documents as attachments', async () => {
    const js = await t.app.inject('/assets/index-Hdr12345.js');
    expect(js.statusCode).toBe(200);
    // A hashed asset: not sniffed, not embeddable elsewhere, and none of the document-only policies (decision 0375).
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'x-request-id',
      'content-security-policy',
    ]) {
      expect(js.headers[documentOnly], documentOnly).toBeUndefined();
    }
    common('static', await t.app.inject('/favicon.svg'));
    const robots = await t.app.inject('/robots.txt');
    common('robots', robots);
    expect(robots.body).toContain('Disallow: /api/');

    const image = await putOwnedPublicFile(t, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png');
    const doc = await putOwnedPublicFile(t, Buffer.from('%PDF-1.4'), 'pdf');
    const img = await t.app.inject(`/uploads/${image.key}`);
    expect(img.statusCode).toBe(200);
    common('upload', img);
    expect(img.headers['content-type']).toBe('image/png');
    const pdf = await t.app.inject(`/uploads/${doc.key}`);
    common('upload pdf', pdf);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);

    const download = await t.app.inject({
      url: `/api/quotes/${w.quoteA}/attachments/${w.attachmentA}`,
      headers: { cookie: w.a.cookie },
    });
    expect(download.statusCode).toBe(200);
    common('private download', download);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['cache-control']).toMatch(/private|no-store/);
  });

  it('HSTS and a __Host- cookie over HTTPS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://solar.example', COOKIE_SECURE: 'true' } });
    try {
      const res = await secure.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const signup = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          email: 'secure@acme-solar.co.uk',
          name: 'Secure User',
          company: 'Secure Ltd',
          password: 'SolarPanel42x',
          type: 'provider',
        },
      });
      expect(signup.statusCode).toBe(201);
      const cookie = String(signup.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-sid=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    } finally {
      await secure.close();
    }
  });
});
