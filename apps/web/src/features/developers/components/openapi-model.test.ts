import { describe, expect, it } from 'vitest';
import { matches, readOpenApi, typeOf } from './openapi-model';

const doc = {
  openapi: '3.0.3',
  info: { title: 'Solar Marketplace API', version: '0.1.0' },
  servers: [{ url: 'https://solar.example' }],
  paths: {
    '/api/changes/tenders': {
      get: {
        tags: ['developers'],
        summary: 'Tenders changed since a cursor',
        description: 'Anyone may call it.',
        security: [{}, { apiKey: [] }],
        'x-access': 'public',
        parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500 } }],
        responses: { 200: { description: 'Default Response', content: { 'application/json': { schema: { type: 'object', properties: { next: { type: 'string' } }, required: ['next'] } } } } },
      },
    },
    '/api/api-keys': {
      post: {
        tags: ['developers'],
        summary: 'Create an API key',
        security: [{ session: [] }],
        'x-access': 'user',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', maxLength: 60 } } } } } },
        responses: { 201: { description: 'Default Response' } },
      },
    },
    '/api/admin/users': { get: { tags: ['admin'], summary: 'Users', security: [{ session: [] }], 'x-access': 'admin', responses: {} } },
  },
};

describe('the API reference model (decision 0530)', () => {
  it('groups the operations by tag, saying who may call each and whether a key works', () => {
    const model = readOpenApi(doc);
    expect(model).toMatchObject({ title: 'Solar Marketplace API', version: '0.1.0', server: 'https://solar.example', count: 3 });
    expect(model.groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['admin', ['GET /api/admin/users']],
      ['developers', ['POST /api/api-keys', 'GET /api/changes/tenders']],
    ]);
    const [create, feed] = model.groups[1]!.operations;
    expect(feed).toMatchObject({ access: 'public', keyWorks: true, parameters: [{ name: 'limit', in: 'query', required: false }] });
    expect(create).toMatchObject({ access: 'user', keyWorks: false, body: { type: 'object' } });
    expect(model.groups[0]!.operations[0]!.keyWorks).toBe(false);
  });

  it("lists every media type an answer may be sent as, the JSON's fields and the headers (an export, decision 0570)", () => {
    const exportDoc = {
      paths: {
        '/api/exports/tenders': {
          get: {
            tags: ['exports'],
            'x-access': 'public',
            responses: {
              200: {
                description: 'text/csv or application/json',
                headers: { 'X-Export-Rows': { schema: { type: 'string' }, description: 'Rows in this file' } },
                content: {
                  'text/csv': { schema: { type: 'string' } },
                  'application/json': { schema: { type: 'object', properties: { rows: { type: 'integer' } } } },
                },
              },
              400: { description: 'Default Response', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      },
    };
    const [op] = readOpenApi(exportDoc).groups[0]!.operations;
    expect(op!.answers).toEqual([
      {
        status: '200',
        types: ['text/csv', 'application/json'],
        description: 'text/csv or application/json',
        schema: { type: 'object', properties: { rows: { type: 'integer' } } },
        headers: [{ name: 'X-Export-Rows', description: 'Rows in this file' }],
      },
      { status: '400', types: ['application/json'], description: 'Default Response', schema: { type: 'object' }, headers: [] },
    ]);
  });

  it('refuses what is not an OpenAPI document', () => {
    expect(() => readOpenApi({ success: false })).toThrow();
    expect(() => readOpenApi(null)).toThrow();
  });

  it('says types in words', () => {
    expect(typeOf({ type: 'integer', minimum: 1, maximum: 500 })).toBe('integer (1 to 500)');
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeOf({ enum: ['csv', 'json'] })).toBe('one of: csv, json');
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(typeOf(undefined)).toBe('any');
  });

  it('filters by path, summary, group or method', () => {
    const [op] = readOpenApi(doc).groups[1]!.operations;
    expect(matches(op!, 'api-keys')).toBe(true);
    expect(matches(op!, 'CREATE')).toBe(true);
    expect(matches(op!, 'developers')).toBe(true);
    expect(matches(op!, 'post')).toBe(true);
    expect(matches(op!, 'tenders')).toBe(false);
  });
});
