import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link';
import { CheckCircle2 } from '../../components/ui/icons';
import { QUOTE_MESSAGES as M } from '@solar/shared/constants/quotes';
import { PROVIDER_MESSAGES } from '@solar/shared/constants/providers';
import type { QuoteFormInput } from '@solar/shared/contracts/quotes';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useMe } from '../../lib/session/get-me';
import { RequireAuth } from '../../components/require-auth';
import { useProvider } from '../../features/providers/api/get-provider';
import { useCreateQuote } from '../../features/quotes/api/create-quote';
import { QuoteRequestForm, type QuoteFormValues } from '../../features/quotes/components/quote-form';

/** /providers/{id}/quote (docs/product/quotes.md#quote-page): login required; signed-out visitors go to /auth?redirect=… */
export function QuotePage() {
  return (
    <RequireAuth redirectTo="/auth" fallback={<QuoteSkeleton />}>
      <QuoteRequest />
    </RequireAuth>
  );
}

function QuoteSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-6 w-80" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function QuoteRequest() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const provider = useProvider(id);
  const { data: user } = useMe();
  const create = useCreateQuote();
  const [sent, setSent] = useState<{ message: string } | null>(null);

  const timePreference = params.get('timePreference') ?? '';
  const initial = useMemo<QuoteFormInput>(
    () => ({
      // Query parameters prefill the form (docs/product/quotes.md#quote-page).
      service: params.get('service') ?? '',
      location: params.get('location') ?? '',
      timePreference,
      description: '',
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      requiresNDA: false,
      useDefaultContract: false,
      selectedContract: null,
    }),
    [params, timePreference, user],
  );

  if (provider.isPending) return <QuoteSkeleton />;
  if (provider.isError) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{M.loadFailed}</h1>
        <p className="text-muted-foreground">{provider.error.message || PROVIDER_MESSAGES.detailsFailed}</p>
        <Link to="/providers" className={buttonClasses('secondary')}>
          {M.backToDirectory}
        </Link>
      </div>
    );
  }

  const data = provider.data;
  const name = data.businessName || PROVIDER_MESSAGES.unclaimedName;
  const unclaimed = !data.claimApproved || !data.userId;

  const submit = (values: QuoteFormValues) =>
    create.mutate(
      { providerId: data.id, ...values },
      {
        onSuccess: (result) => {
          setSent({ message: result.message });
          toast({ title: 'Success', description: result.message, variant: 'success' });
          window.scrollTo({ top: 0 });
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{M.title}</h1>
      <Card className="mt-6">
        <CardHeader>
          <h2 className="text-xl font-semibold leading-tight">
            {M.messageHeading} {name}
          </h2>
          <p className="text-sm text-muted-foreground">
            Describe the work and attach what the provider needs. Your request and attachments are shared only with {name}
            {unclaimed ? ' and the Solar Marketplace team' : ''}.
          </p>
        </CardHeader>
        <CardContent>
          {sent ? (
            <div role="status" className="flex flex-col items-center gap-4 py-8 text-center">
              <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
              <p className="max-w-lg text-lg font-medium text-slate-900">{sent.message}</p>
              <p className="text-sm text-muted-foreground">You will get an email when the provider replies. Follow it under Sent Quotes in your dashboard.</p>
              <div className="flex flex-wrap justify-center gap-3">
                <Link to="/dashboard?tab=quotes" className={buttonClasses('primary')}>
                  View my quotes
                </Link>
                <Link to="/providers" className={buttonClasses('secondary')}>
                  {M.backToDirectory}
                </Link>
              </div>
            </div>
          ) : (
            <QuoteRequestForm
              key={user?.id ?? 'anonymous'}
              initial={initial}
              timePreferenceFixed={Boolean(timePreference)}
              submitting={create.isPending}
              onSubmit={submit}
              notice={
                unclaimed ? (
                  <Alert variant="info" title="This profile is not claimed yet">
                    <p>{M.unclaimedNotice}</p>
                  </Alert>
                ) : undefined
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
