import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteList } from '@solar/shared/contracts/quotes';
import { getJson, toQueryString } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** GET /api/quotes/received: quotes to the providers the user owns. */
export const receivedQuotesOptions = (page: number) =>
  queryOptions({
    queryKey: quoteKeys.received(page),
    queryFn: () => getJson<QuoteList>(`/api/quotes/received${toQueryString({ page })}`),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/quotes/sent: quotes the user sent. */
export const sentQuotesOptions = (page: number) =>
  queryOptions({
    queryKey: quoteKeys.sent(page),
    queryFn: () => getJson<QuoteList>(`/api/quotes/sent${toQueryString({ page })}`),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useReceivedQuotes = (page: number) => useQuery(receivedQuotesOptions(page));
export const useSentQuotes = (page: number) => useQuery(sentQuotesOptions(page));
