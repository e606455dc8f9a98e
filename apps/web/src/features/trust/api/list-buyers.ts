import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBuyers } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const buyersOptions = (page: number) =>
  queryOptions({ queryKey: trustKeys.buyers(page), queryFn: ({ client }) => apiFor(client).call(listBuyers, { query: { page } }) });

export const useBuyers = (page: number) => useQuery(buyersOptions(page));
