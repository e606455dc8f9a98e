import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../constants/accounts';

/**
 * An email address, trimmed and lower-cased. Its own module so that forms needing only this field
 * (the tender brief's invitations) do not load the accounts contracts with it (decision 0375).
 */
export const emailField = z
  .string({ error: M.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: M.invalidEmail }).max(254, M.invalidEmail));
