import { publishTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Publishes a draft: invitations are mailed then (decision 0400). */
export const usePublishTender = (id: string) =>
  useTenderMutation(async () => api.call(publishTender, { params: { id } }));

/** The same, for a tender created a moment ago as a draft (its id known only then). */
export const usePublishTenderById = () => useTenderMutation(async (id: string) => api.call(publishTender, { params: { id } }));
