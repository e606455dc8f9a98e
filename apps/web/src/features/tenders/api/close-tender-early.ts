import { closeTenderEarly } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Closes an open tender now: the closing date becomes the server's current time. */
export const useCloseTenderEarly = (id: string) =>
  useTenderMutation(async () => api.call(closeTenderEarly, { params: { id } }));
