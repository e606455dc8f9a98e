import { updateTender } from '@solar/shared/contracts/routes';
import type { UpdateTenderBody } from '@solar/shared/contracts/tender-lifecycle';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Edits the brief; after publication the changes are recorded and mailed (decision 0401). */
export const useUpdateTender = (id: string) =>
  useTenderMutation(async (body: UpdateTenderBody) => api.call(updateTender, { params: { id }, body }));
