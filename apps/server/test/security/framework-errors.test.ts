import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

/**
 * Issue 14, finding 9: errors the framework raises before any route runs (invalid percent-encoding,
 * an over-long parameter) and errors of the HTTP parser go through the one error model
 * (`{ success: false, message }`) and carry the security headers like every other response.
 */
describe('framework errors use the one error model and carry the security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const expectHeaders = (label: string, headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['x-frame-options'], label).toBe('DENY');
    expect(headers['permissions-policy'], label).toContain('camera=()');
    expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
    expect(headers['x-request-id'], label).toBeTruthy();
    expect(headers['cache-control'], label).toBe('no-store');
  };

  it('a path with invalid percent-encoding is a 400 in the error model, with the headers', async () => {
    for (const url of ['/api/providers/%ff', '/api/providers/%E0%A4%A', '/api/tenders/%', '/%ff', '/providers/%c0']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, message: 'The address is not valid' });
      expect(res.body, url).not.toContain('FST_ERR');
      expectHeaders(url, res.headers);
    }
  });

  it('an over-long path parameter is a 414 in the error model, with the headers', async () => {
    const res = await t.app.inject(`/api/providers/${'a'.repeat(400)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, message: 'The address is too long' });
    expectHeaders('414', res.headers);
  });

  it('a request the HTTP parser refuses gets the error model and the headers on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    const headers = Object.fromEntries(
      head!
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectHeaders('parser error', headers);
    expect(JSON.parse(body!)).toEqual({ success: false, message: 'Bad request' });
  });
});
