import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './plugins/context';
import { registerAuth } from './plugins/auth';
import { frameworkErrorOptions, registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerWriteBarrier } from './plugins/http-cache';
import { registerBodyPace, timeoutOptions, type HttpTimeouts } from './plugins/request-timeouts';
import { registerApiKeys } from './plugins/api-keys';
import { openApiOptions } from './plugins/openapi';
import { registerCrossSiteCheck, registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { AppError } from './platform/errors';
import { HTTP_TIMEOUTS } from '@solar/shared/constants/http';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { assetsRoutes } from './features/assets/assets.routes';
import { mapsRoutes } from './features/maps/maps.routes';
import { healthRoutes } from './features/health/health.routes';
import { providersRoutes } from './features/providers/providers.routes';
import { geoRoutes } from './features/geo/geo.routes';
import { tendersRoutes } from './features/tenders/tenders.routes';
import { tenderLifecycleRoutes } from './features/tenders/tender-lifecycle.routes';
import { tenderEvaluationRoutes } from './features/tenders/tender-evaluation.routes';
import { tenderRecordsRoutes } from './features/tenders/tender-records.routes';
import { tenderBiddersRoutes } from './features/tenders/tender-bidders.routes';
import { tenderNoticesRoutes } from './features/tenders/tender-notices.routes';
import { partsRoutes } from './features/parts/parts.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { quotesRoutes } from './features/quotes/quotes.routes';
import { trustRoutes } from './features/trust/trust.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { developersRoutes } from './features/developers/developers.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { closeReadCacheFeed, readCacheFeed } from './platform/read-cache-feed';

/** Feature route modules, registered in order; a feature adds one line here. */
const FEATURES: Array<(app: FastifyInstance) => void | Promise<void>> = [healthRoutes, accountsRoutes, analyticsRoutes, assetsRoutes, mapsRoutes, geoRoutes, tendersRoutes, tenderLifecycleRoutes, tenderEvaluationRoutes, tenderRecordsRoutes, tenderBiddersRoutes, tenderNoticesRoutes, providersRoutes, partsRoutes, adminRoutes, quotesRoutes, seoRoutes, trustRoutes, exportsRoutes, developersRoutes, alertsRoutes];

export interface BuildOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  webDistDir?: string;
  /** The web app's built server entry; default beside webDistDir (decision 0370). */
  webServerEntryDir?: string;
  /** `npm run dev`: the web app through Vite in middleware mode, rendered on the server as in production (decision 0430). */
  devWeb?: boolean;
  /** Shorter request deadlines for a test (default HTTP_TIMEOUTS, decision 0423). */
  timeouts?: Partial<HttpTimeouts>;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 0420). A hop count becomes a function trusting
 * the socket and the entries proxies appended, nearest first: Fastify 5.12 no longer honours a bare
 * number (it cannot check the peer), so the count is only for a server no client can reach but
 * through its proxies; an address list checks each hop and is the safer choice.
 */
export function trustProxyOption(setting: AppContext['env']['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...timeoutOptions(timeouts),
    loggerInstance: ctx.log,
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(ctx.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    ...frameworkErrorOptions(ctx.env),
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The in-process cache hears of writes from the first request on (decisions 0384, 0430).
  readCacheFeed(ctx.database, ctx.log);
  app.addHook('onClose', () => closeReadCacheFeed(ctx.database));

  app.addHook('onRequest', (request, _reply, done) => {
    // Health checks keep answering (readiness says 503 itself) so a load balancer sees the drain.
    if (ctx.state.shuttingDown && !request.url.startsWith('/api/health')) return done(new AppError('UNAVAILABLE', 'The server is restarting. Please try again shortly.'));
    done();
  });
  // Keyed requests are checked and counted before any kept answer is sent (decision 0492).
  registerApiKeys(app);
  registerBodyPace(app, ctx.env, timeouts);
  registerCrossSiteCheck(app, ctx.env);
  registerSecurityHeaders(app, ctx.env, options.devWeb);
  // gzip for uncached responses over 2 KB; level 5 balances CPU and size. Kept answers come compressed
  // in the encoding asked for (plugins/http-cache.ts) and pass through.
  await app.register(compress, { threshold: 2048, encodings: ['gzip', 'deflate'], zlibOptions: { level: 5 } });
  await app.register(cookie);
  registerWriteBarrier(app);
  await registerRateLimit(app);
  registerAuth(app);
  await app.register(swagger, openApiOptions(ctx.env.PUBLIC_URL));

  for (const feature of FEATURES) await feature(app);
  if (options.serveWeb !== false) await registerSpa(app, options.webDistDir, options.webServerEntryDir, options.devWeb);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, message: 'Not found' }));
  return app;
}
