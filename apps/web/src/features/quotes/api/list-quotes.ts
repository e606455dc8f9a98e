import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listReceivedQuotes, listSentQuotes } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** Quotes to the providers the user owns. */
export const receivedQuotesOptions = (page: number) =>
  queryOptions({
    queryKey: quoteKeys.received(page),
    queryFn: ({ client }) => apiFor(client).call(listReceivedQuotes, { query: { page } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Quotes the user sent. */
export const sentQuotesOptions = (page: number) =>
  queryOptions({
    queryKey: quoteKeys.sent(page),
    queryFn: ({ client }) => apiFor(client).call(listSentQuotes, { query: { page } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useReceivedQuotes = (page: number) => useQuery(receivedQuotesOptions(page));
export const useSentQuotes = (page: number) => useQuery(sentQuotesOptions(page));
