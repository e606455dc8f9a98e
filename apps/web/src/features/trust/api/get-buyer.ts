import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBuyer } from '@solar/shared/contracts/routes';
import { ApiError, apiFor } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const buyerOptions = (slug: string) =>
  queryOptions({
    queryKey: trustKeys.buyer(slug),
    queryFn: async ({ client }) => (await apiFor(client).call(getBuyer, { params: { slug } })).data,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const useBuyer = (slug: string) => useQuery(buyerOptions(slug));
