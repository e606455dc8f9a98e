import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JSON_MEDIA, mediaTypeOf } from '@solar/shared/constants/media-types';
import { answerMediaTypes, type Contract } from '@solar/shared/contracts/contract';
import { EXPORT_RESPONSE_HEADERS, exportFile } from '@solar/shared/contracts/exports';
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

/** Text media types are documented as a string, the rest as bytes. */
const isText = (type: string) => type.startsWith('text/') || /[+/](xml|json)$/.test(type);

/**
 * A contract's answers as the OpenAPI document gives them (decision 0570): each 2xx answer under
 * every media type the route sends (`answerMediaTypes`), JSON described by its schema (a download's
 * JSON by `exportFile`), errors as the one JSON error body. Routes that answer JSON only keep the
 * schemas Fastify serialises with.
 */
function documentedResponses(contract: Contract): Record<string, unknown> | null {
  if (!contract.produces && !contract.downloads) return null;
  const types = answerMediaTypes(contract);
  const json = contract.produces ? contract.response[200] : z.union([contract.response[200]!, exportFile]);
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(contract.response)) {
    if (status === '204') continue;
    if (!status.startsWith('2')) {
      response[status] = schema;
      continue;
    }
    const content = Object.fromEntries(
      types.map((type) => [
        type,
        { schema: mediaTypeOf(type) === JSON_MEDIA && json ? json : isText(type) ? z.string() : z.string().meta({ format: 'binary' }) },
      ]),
    );
    response[status] = {
      description: contract.downloads ? `JSON; with the download parameter, ${types.filter((t) => t !== JSON_MEDIA).concat(JSON_MEDIA).join(' or ')} as a file` : `${types.join(' or ')}`,
      content,
    };
  }
  return response;
}

/** The headers an export answer carries, where the route sends export files (decision 0570). */
function exportHeaders(contract: Contract): Record<string, { type: 'string'; description: string }> | null {
  const sendsExports = contract.response[200] === exportFile || Boolean(contract.downloads);
  if (!sendsExports) return null;
  return Object.fromEntries(Object.entries(EXPORT_RESPONSE_HEADERS).map(([name, description]) => [name, { type: 'string' as const, description }]));
}

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
      const method = (Array.isArray(input.route.method) ? input.route.method[0] : input.route.method) as string;
      const contract = byRoute.get(`${method} ${input.url}`);
      const responses = contract ? documentedResponses(contract) : null;
      const out = jsonSchemaTransform(responses ? { ...input, schema: { ...input.schema, response: responses } } : input);
      if (!contract) return out;
      const schema = out.schema as Record<string, unknown> & { response?: Record<string, Record<string, unknown>> };
      const headers = exportHeaders(contract);
      const ok = schema.response?.['200'];
      if (headers && ok) ok.headers = headers;
      const types = answerMediaTypes(contract);
      return {
        url: out.url,
        schema: {
          ...schema,
          description: [schema.description, ACCESS_NOTE[contract.access], types.length > 1 || types[0] !== JSON_MEDIA ? `Answers ${types.join(' or ')}.` : null]
            .filter(Boolean)
            .join(' '),
          security: security(contract),
          'x-access': contract.access,
        },
      };
    },
  };
}
