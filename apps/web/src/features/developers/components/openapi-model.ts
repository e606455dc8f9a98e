/**
 * The parts of an OpenAPI 3 document the reference page shows (decision 0530), read defensively:
 * the document is the app's own (`plugins/openapi.ts`), but the page must not break on a field it
 * does not know.
 */

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: string;
  keyWorks: boolean;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Each status with every media type it may be sent as (a CSV or a JSON file, decision 0570), its JSON's schema and its headers. */
  answers: Array<{ status: string; types: string[]; schema?: JsonSchema; description?: string; headers: Array<{ name: string; description?: string }> }>;
}

export interface ReferenceModel {
  title: string;
  version: string;
  server: string;
  groups: Array<{ tag: string; operations: Operation[] }>;
  count: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The document's operations grouped by tag (groups and routes in path order). */
export function readOpenApi(doc: unknown): ReferenceModel {
  if (!isObject(doc) || !isObject(doc.paths)) throw new Error('Not an OpenAPI document');
  const info = isObject(doc.info) ? doc.info : {};
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const byTag = new Map<string, Operation[]>();
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other';
      const security = Array.isArray(op.security) ? op.security : [];
      const parameters: Parameter[] = (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject).map((p) => ({
        name: text(p.name),
        in: text(p.in),
        required: p.required === true,
        description: text(p.description) || undefined,
        schema: isObject(p.schema) ? (p.schema as JsonSchema) : undefined,
      }));
      const bodyContent = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
      const bodyMedia = Object.values(bodyContent).find(isObject);
      const answers = Object.entries(isObject(op.responses) ? op.responses : {}).map(([status, r]) => {
        const content = isObject(r) && isObject(r.content) ? r.content : {};
        const types = Object.keys(content);
        // The JSON's fields where the answer may be JSON, else the first type's.
        const media = content[types.find((t) => t.split(';')[0] === 'application/json') ?? types[0] ?? ''];
        const headers = isObject(r) && isObject(r.headers) ? r.headers : {};
        return {
          status,
          types,
          description: isObject(r) ? text(r.description) || undefined : undefined,
          schema: isObject(media) && isObject(media.schema) ? (media.schema as JsonSchema) : undefined,
          headers: Object.entries(headers).map(([name, h]) => ({ name, description: isObject(h) ? text(h.description) || undefined : undefined })),
        };
      });
      const operation: Operation = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, ''),
        method: method.toUpperCase(),
        path,
        tag,
        summary: text(op.summary),
        description: text(op.description),
        access: text(op['x-access']) || 'public',
        keyWorks: security.some((s) => isObject(s) && 'apiKey' in s),
        parameters,
        body: isObject(bodyMedia) && isObject(bodyMedia.schema) ? (bodyMedia.schema as JsonSchema) : undefined,
        answers,
      };
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
      count++;
    }
  }
  return {
    title: text(info.title),
    version: text(info.version),
    server: isObject(servers[0]) ? text(servers[0].url) : '',
    groups: [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, operations })),
    count,
  };
}

/** Whether an operation matches what was typed in the filter (path, summary, group or method). */
export function matches(op: Operation, words: string): boolean {
  const needle = words.trim().toLowerCase();
  if (!needle) return true;
  return [op.path, op.summary, op.tag, op.method].some((s) => s.toLowerCase().includes(needle));
}

/** A schema's type in a few words: 'string', 'integer (1 to 500)', 'one of: csv, json', 'array of object'. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const parts = [...new Set(alternatives.map(typeOf))];
    return parts.length === 1 ? parts[0]! : parts.join(' or ');
  }
  if (schema.allOf) return schema.allOf.map(typeOf).join(' and ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? (schema.properties ? 'object' : 'any'));
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? ` (${schema.minimum} to ${schema.maximum})`
      : schema.maxLength !== undefined
        ? ` (at most ${schema.maxLength} characters)`
        : '';
  return `${type}${schema.format ? ` (${schema.format})` : ''}${range}${schema.nullable ? ' or null' : ''}`;
}

/** The object whose fields a schema lists: itself, an array's items, or the single object among alternatives. */
export function fieldsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  if (schema.items) return fieldsOf(schema.items);
  const objects = (schema.anyOf ?? schema.oneOf ?? []).map(fieldsOf).filter(Boolean);
  return objects.length === 1 ? objects[0] : undefined;
}
