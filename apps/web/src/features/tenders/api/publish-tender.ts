import { publishTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Publishes a draft: invitations are mailed then (decision 0400). */
export const usePublishTender = (id: string) =>
  useTenderMutation(async () => api.call(publishTender, { params: { id } }));
