import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPart } from '@solar/shared/contracts/routes';
import { ApiError, apiFor } from '../../../lib/api-client';
import { partKeys } from './keys';

/** One catalogue product (the page each answer cites). A 404 is not retried. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: async ({ client }) => (await apiFor(client).call(getPart, { params: { id } })).data,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const usePart = (id: string) => useQuery(partQuery(id));
