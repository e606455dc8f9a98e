import { updateTenderCriteria } from '@solar/shared/contracts/routes';
import type { UpdateTenderCriteriaBody } from '@solar/shared/contracts/tender-evaluation';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner sets the whole list of criteria (decision 0518). */
export const updateCriteria = (id: string, body: UpdateTenderCriteriaBody) => api.call(updateTenderCriteria, { params: { id }, body });
export const useUpdateTenderCriteria = (id: string) => useTenderMutation(async (body: UpdateTenderCriteriaBody) => updateCriteria(id, body));
