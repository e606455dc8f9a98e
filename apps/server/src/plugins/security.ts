import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { AppError } from '../platform/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site write check (docs/security.md#input-output-uploads): an unsafe method with a foreign Origin, or with
 * `Sec-Fetch-Site: cross-site`, is refused before any handler runs. SameSite=Lax cookies are the
 * first defence; this is the second.
 */
export function registerCrossSiteCheck(app: FastifyInstance, env: Env) {
  const allowed = new Set([new URL(env.PUBLIC_URL).origin]);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const refused = () => done(new AppError('FORBIDDEN', 'Cross-site request refused'));
    if (request.headers['sec-fetch-site'] === 'cross-site') return refused();
    const origin = request.headers.origin;
    if (!origin) return done();
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== own && !allowed.has(origin)) return refused();
    done();
  });
}

/** Content-Security-Policy the app really works under (MapLibre needs blob: workers and images). */
export function contentSecurityPolicy(env: Env, devWeb = false): string {
  const mapOrigin = env.MAP_STYLE_URL ? ` ${new URL(env.MAP_STYLE_URL).origin}` : '';
  return [
    "default-src 'self'",
    // `npm run dev` only: Vite's React refresh preamble is an inline script (plugins/dev-web.ts).
    devWeb ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mapOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self'${mapOrigin}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(env.COOKIE_SECURE ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';

/** The headers every response carries, whatever produced it (docs/security.md#the-stacks-defaults). */
export function securityHeaders(env: Env, requestId: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Request-Id': requestId,
    ...(env.COOKIE_SECURE && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
}

/**
 * What a content-hashed script, style or font needs of `securityHeaders`: its type is not sniffed and
 * other sites cannot embed it. Framing, opener, feature and referrer policies govern documents
 * only, and a request id on a file that never changes traces nothing; leaving them off saves about
 * 330 bytes on each of a page's 30-odd scripts (decision 0375).
 */
const HASHED_ASSET_HEADERS = ['X-Content-Type-Options', 'Cross-Origin-Resource-Policy', 'Strict-Transport-Security'];

/**
 * Security headers on every response; the HTML-only ones (CSP) only on HTML, since applying the
 * full helmet set to every API response costs about 60% of peak throughput (docs/security.md#the-stacks-defaults).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Env, devWeb = false) {
  const csp = contentSecurityPolicy(env, devWeb);
  // The same for every response but the request id: made once.
  const common = Object.entries(securityHeaders(env, '')).filter(([name]) => name !== 'X-Request-Id');
  const forHashedAssets = common.filter(([name]) => HASHED_ASSET_HEADERS.includes(name));
  app.addHook('onSend', (request, reply, payload, done) => {
    // The build's hashed files only: an upload may be opened as a document, so it keeps every header.
    const hashedAsset =
      request.url.startsWith('/assets/') && String(reply.getHeader('cache-control') ?? '').includes('immutable');
    for (const [name, value] of hashedAsset ? forHashedAssets : common) reply.header(name, value);
    if (!hashedAsset) reply.header('X-Request-Id', String(request.id));
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', csp);
    } else if (!reply.hasHeader('Cache-Control') && request.url.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
