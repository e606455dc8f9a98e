import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Contract } from '@solar/shared/contracts/contract';
import { boundContracts } from '@solar/shared/contracts/index';

/**
 * The OpenAPI document (GET /api/docs/openapi.json, decision 0492): the route schemas, tagged by
 * feature (plugins/routes.ts), each operation saying who may call it and whether an API key works
 * there.
 */

const ACCESS_NOTE = {
  public: 'Anyone may call it.',
  user: 'Needs a signed-in session or an API key.',
  admin: 'Admins only, with a signed-in session (API keys never work here).',
} as const;

/** Whether an API key works on a contract's route (the rule plugins/api-keys.ts applies). */
export const keyWorks = (contract: Contract) => contract.method === 'GET' && contract.apiKeys !== false && contract.access !== 'admin';

/** Who may call a contract's route, as OpenAPI security requirements. */
function security(contract: Contract): Array<Record<string, string[]>> {
  const keys = keyWorks(contract);
  if (contract.access === 'public') return keys ? [{}, { apiKey: [] }] : [{}];
  return keys ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
}

/** Each bound method and path (a row's further paths too) to its contract. */
export const contractsByRoute = () => new Map<string, Contract>(boundContracts.map(([, c]) => [`${c.method} ${c.path}`, c]));

export function openApiOptions(publicUrl: string): SwaggerOptions {
  const byRoute = contractsByRoute();
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
          description: [schema.description, ACCESS_NOTE[contract.access], contract.produces ? `Answers ${contract.produces}.` : null].filter(Boolean).join(' '),
          security: security(contract),
          'x-access': contract.access,
        },
      };
    },
  };
}
