import { useState, type FormEvent } from 'react';
import { TRUST_MESSAGES as M } from '@solar/shared/constants/trust';
import { formatDate } from '@solar/shared/domain/format';
import { CheckList } from '../../../components/trust-parts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useProviderCompany } from '../api/get-provider-company';
import { useRecheckProviderCompany } from '../api/recheck-provider-company';
import { useUpdateProviderCompany } from '../api/update-provider-company';

/** The company behind the profile and its dated Companies House checks (decision 0481). */
export function CompanyCard({ providerId, isAdmin }: { providerId: string; isAdmin: boolean }) {
  const query = useProviderCompany(providerId);
  const update = useUpdateProviderCompany(providerId);
  const recheck = useRecheckProviderCompany(providerId);
  const [number, setNumber] = useState<string | null>(null);
  const [ppon, setPpon] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (query.isPending) return <p role="status" className="text-sm text-muted-foreground">Loading company checks…</p>;
  if (query.isError) return <p role="alert" className="text-sm text-destructive">{query.error.message}</p>;
  const company = query.data;
  const check = company.check;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    update.mutate(
      { companyNumber: number ?? company.companyNumber ?? '', pponId: ppon ?? company.pponId ?? '' },
      {
        onSuccess: () => toast({ title: 'Saved', description: company.checksEnabled ? 'Checked at Companies House.' : 'Company number saved.', variant: 'success' }),
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Company checks</CardTitle>
        <p className="text-sm text-muted-foreground">Give your Companies House number: the profile shows what the public register says, with the date it was checked.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
          <Field id="company-number" label="Companies House number" error={error} hint="8 characters, for example 01234567 or SC123456">
            {(control) => (
              <Input
                {...control}
                value={number ?? company.companyNumber ?? ''}
                onChange={(e) => setNumber(e.target.value)}
                autoComplete="off"
              />
            )}
          </Field>
          <Field id="company-ppon" label="PPON (optional)" hint="Your Find a Tender organisation number">
            {(control) => <Input {...control} value={ppon ?? company.pponId ?? ''} onChange={(e) => setPpon(e.target.value)} autoComplete="off" />}
          </Field>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Checking…' : 'Save and check'}
          </Button>
        </form>
        {!company.checksEnabled && <p className="text-sm text-muted-foreground">{M.companyChecksOff}</p>}
        {check?.checkedAt && <CheckList items={check.items} checkedAt={check.checkedAt} />}
        {check?.failure && (
          <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            The check on {formatDate(check.failure.at)} could not be made: {check.failure.message}
          </p>
        )}
        {isAdmin && company.companyNumber && company.checksEnabled && (
          <Button
            variant="secondary"
            disabled={recheck.isPending}
            onClick={() => recheck.mutate(undefined, { onError: (e) => toast({ title: 'Error', description: e.message, variant: 'destructive' }) })}
          >
            {recheck.isPending ? 'Checking…' : 'Check now'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
