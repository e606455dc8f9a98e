import { useQuery } from '@tanstack/react-query';
import { getTenderIntent } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Whether the caller is invited to the tender and what they replied (decision 0514). */
export const useTenderIntent = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.intent(id), queryFn: async ({ client }) => (await apiFor(client).call(getTenderIntent, { params: { id } })).data, enabled });
