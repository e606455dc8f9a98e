import { z } from 'zod';
import { defineContract } from './contract';
import { errors } from './common';

export const pageViewBody = z.strictObject({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional(),
});

export const createPageView = defineContract({
  method: 'POST',
  path: '/api/analytics/pageview',
  access: 'public',
  source: 'project',
  summary: 'Record a page view (tracking parameters removed before storing)',
  body: pageViewBody,
  response: { 204: z.null(), 400: errors[400], 429: errors[429] },
});
