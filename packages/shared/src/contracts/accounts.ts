import { z } from 'zod';
import { USER_TYPES } from '../constants/accounts';
import { defineContract } from './contract';
import { errors, successEnvelope } from './common';

/** Current user (directory §3): never a hash or a token. */
export const currentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string(),
  type: z.enum(USER_TYPES),
  is_admin: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const getMe = defineContract({
  method: 'GET',
  path: '/api/auth/me',
  access: 'public',
  source: 'accounts §7',
  summary: 'The signed-in user; 401 when signed out',
  response: { 200: successEnvelope(currentUser), 401: errors[401] },
});
