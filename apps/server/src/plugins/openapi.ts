import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Contract } from '@solar/shared/contracts/contract';
import { contracts } from '@solar/shared/contracts/index';

/**
 * The OpenAPI document (GET /api/docs/openapi.json, decision 0492): the route schemas, grouped by
 * what they are about, each operation saying who may call it and whether an API key works there.
 */

/** The reference's groups by the path's first segment after /api/. */
const GROUPS: Record<string, string> = {
  providers: 'Directory',
  services: 'Directory',
  tenders: 'Tenders',
  assets: 'Asset intelligence',
  exports: 'Exports',
  changes: 'Feeds of changes',
  'api-keys': 'API keys',
  auth: 'Accounts',
  quotes: 'Quotes',
  parts: 'Parts',
  geocode: 'Places and maps',
  maps: 'Places and maps',
  admin: 'Admin',
  analytics: 'Analytics',
  health: 'Service',
  docs: 'Service',
};

export const groupOf = (path: string) => GROUPS[path.split('/')[2] ?? ''] ?? 'Other';

const ACCESS_NOTE = {
  public: 'Anyone may call it.',
  user: 'Needs a signed-in session or an API key.',
  admin: 'Admins only, with a signed-in session (API keys never work here).',
} as const;

/** Who may call a contract's route, as OpenAPI security requirements. */
function security(contract: Contract): Array<Record<string, string[]>> {
  const keys = contract.method === 'GET' && contract.apiKeys !== false && contract.access !== 'admin';
  if (contract.access === 'public') return keys ? [{}, { apiKey: [] }] : [{}];
  return keys ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
}

export function openApiOptions(publicUrl: string): SwaggerOptions {
  const byRoute = new Map<string, Contract>(Object.values(contracts).map((c) => [`${c.method} ${c.path}`, c]));
  return {
    openapi: {
      info: {
        title: 'Solar Marketplace API',
        version: '0.1.0',
        description: 'The UK solar marketplace: its directory, tenders and asset intelligence, for scripts.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (created with POST /api/api-keys while signed in): `Authorization: Bearer sm_…`. GET routes only; never admin routes.' },
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The browser session of a signed-in user.' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const method = (Array.isArray(input.route.method) ? input.route.method[0] : input.route.method) as string;
      const contract = byRoute.get(`${method} ${input.url}`);
      if (!contract) return out;
      const schema = out.schema as Record<string, unknown>;
      return {
        url: out.url,
        schema: {
          ...schema,
          tags: [groupOf(contract.path)],
          description: [schema.description, ACCESS_NOTE[contract.access], contract.produces ? `Answers ${contract.produces}.` : null].filter(Boolean).join(' '),
          security: security(contract),
          'x-access': contract.access,
        },
      };
    },
  };
}
