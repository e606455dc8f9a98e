import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QUOTE_MESSAGES as M } from '@solar/shared/constants/quotes';
import type { QuoteList } from '@solar/shared/contracts/quotes';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useReceivedQuotes, useSentQuotes } from '../api/list-quotes';
import { QuoteCard } from './quote-card';

/**
 * The dashboard's Quotes tab (docs/product/quotes.md#quotes-tab): Received Quotes and Sent Quotes from the server, with
 * 'Loading quotes data...' while loading and the spec's empty texts.
 */
export function QuotesTab({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quotes</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue={user.type === 'provider' ? 'received' : 'sent'}>
          <TabsList>
            <TabsTrigger value="received">Received Quotes</TabsTrigger>
            <TabsTrigger value="sent">Sent Quotes</TabsTrigger>
          </TabsList>
          <TabsContent value="received">
            <ReceivedList />
          </TabsContent>
          <TabsContent value="sent">
            <SentList />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function ReceivedList() {
  const [page, setPage] = useState(1);
  return <QuoteListView query={useReceivedQuotes(page)} view="received" empty={M.noReceived} page={page} onPage={setPage} />;
}

function SentList() {
  const [page, setPage] = useState(1);
  return <QuoteListView query={useSentQuotes(page)} view="sent" empty={M.noSent} page={page} onPage={setPage} />;
}

function QuoteListView({
  query,
  view,
  empty,
  page,
  onPage,
}: {
  query: UseQueryResult<QuoteList>;
  view: 'received' | 'sent';
  empty: string;
  page: number;
  onPage(page: number): void;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-muted-foreground">
        {M.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert title="Error">
        <p>{query.error.message}</p>
        <Button size="sm" variant="secondary" className="mt-2 w-fit" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const { data, pagination } = query.data;
  if (data.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label={view === 'received' ? 'Received Quotes' : 'Sent Quotes'}>
        {data.map((quote) => (
          <li key={quote.id}>
            <QuoteCard quote={quote} view={view} />
          </li>
        ))}
      </ul>
      {pagination.pages > 1 && (
        <div className="flex items-center justify-center gap-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {pagination.page} of {pagination.pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pagination.pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
