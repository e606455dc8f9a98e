import { z } from 'zod';
import { defineContract } from './contract';

const status = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  source: 'project',
  summary: 'Liveness: the process is up',
  response: { 200: status },
});

export const getReadiness = defineContract({
  method: 'GET',
  path: '/api/health/ready',
  access: 'public',
  source: 'project',
  summary: 'Readiness: database reachable and migrations current',
  response: { 200: status, 503: status },
});

export const getOpenApi = defineContract({
  method: 'GET',
  path: '/api/docs/openapi.json',
  access: 'public',
  source: 'project',
  summary: 'OpenAPI document generated from the route schemas',
  response: { 200: z.record(z.string(), z.unknown()) },
});
