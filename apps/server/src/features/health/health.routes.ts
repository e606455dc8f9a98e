import type { FastifyInstance } from 'fastify';
import { getHealth, getOpenApi, getReadiness } from '@solar/shared/contracts/health';
import { migrationsCurrent } from '../../db/migrate';
import { bind } from '../../plugins/routes';

export function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;

  bind(app, getHealth, async () => ({ status: 'ok' as const }));

  // Once current, migrations stay current for the life of the process (a deploy restarts it).
  let migrationsKnownCurrent = false;
  bind(app, getReadiness, async (_request, reply) => {
    const checks: Record<string, string> = {};
    let ready = !ctx.state.shuttingDown;
    if (ctx.state.shuttingDown) checks.process = 'shutting down';
    try {
      await ctx.database.query('SELECT 1');
      checks.database = 'reachable';
      migrationsKnownCurrent ||= await migrationsCurrent(ctx.database);
      checks.migrations = migrationsKnownCurrent ? 'current' : 'pending';
      if (checks.migrations !== 'current') ready = false;
    } catch {
      checks.database = 'unreachable';
      ready = false;
    }
    if (!ready) return reply.code(503).send({ status: 'unavailable', checks });
    return { status: 'ok' as const, checks };
  });

  bind(app, getOpenApi, async () => app.swagger() as unknown as Record<string, unknown>);
}
