import { closeTenderEarly } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/**
 * Closes an open tender now, with a reason kept in its History: the closing date becomes the
 * server's current time and the sealed responses open (decision 0512).
 */
export const useCloseTenderEarly = (id: string) =>
  useTenderMutation(async (reason: string) => api.call(closeTenderEarly, { params: { id }, body: { reason } }));
