import { useState, type FormEvent } from 'react';
import { ACCREDITATION_SCHEMES, EVIDENCE_TYPES } from '@solar/shared/constants/trust';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useCreateProviderAccreditation } from '../api/create-provider-accreditation';
import { useDeleteProviderAccreditation } from '../api/delete-provider-accreditation';
import { useProviderAccreditations } from '../api/list-provider-accreditations';

const STATE_TEXT = { verified: 'Verified', 'self-declared': 'Self-declared', expired: 'Expired' } as const;

/** The owner's accreditations: add with evidence (PDF or image, private), see each state (decision 0482). */
export function AccreditationsManager({ providerId }: { providerId: string }) {
  const list = useProviderAccreditations(providerId);
  const create = useCreateProviderAccreditation(providerId);
  const remove = useDeleteProviderAccreditation(providerId);
  const [scheme, setScheme] = useState('mcs-solar-pv');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const form = new FormData(event.currentTarget);
    const file = form.get('evidence');
    if (file instanceof File && file.size === 0) form.delete('evidence');
    if (form.get('scheme') !== 'other') form.delete('otherName');
    const element = event.currentTarget;
    create.mutate(form, {
      onSuccess: () => {
        element.reset();
        toast({ title: 'Added', description: 'An admin will check the evidence and verify it.', variant: 'success' });
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Accreditations</CardTitle>
        <p className="text-sm text-muted-foreground">Upload the certificate: only you and our admins can open it. The profile says Verified on the date an admin checked it.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {list.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">Loading…</p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">{list.error.message}</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No accreditations yet.</p>
        ) : (
          <ul className="divide-y divide-border text-sm" aria-label="Your accreditations">
            {list.data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{a.label}</p>
                  <p className="text-muted-foreground">
                    No. {a.number}
                    {a.scope && ` · ${a.scope}`}
                    {a.expiresOn && ` · expires ${formatDate(a.expiresOn)}`}
                  </p>
                  {a.evidence ? (
                    <a href={a.evidence.url} className="text-primary underline">
                      {a.evidence.filename}
                    </a>
                  ) : (
                    <p className="text-muted-foreground">No evidence uploaded: it stays self-declared.</p>
                  )}
                  {a.reviewNote && <p className="text-muted-foreground">Admin note: {a.reviewNote}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={a.status === 'verified' ? 'success' : a.status === 'expired' ? 'warning' : 'secondary'}>
                    {a.status === 'verified' ? `Verified on ${formatDate(a.verifiedAt)}` : STATE_TEXT[a.status]}
                  </Badge>
                  <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(a.id)} aria-label={`Remove ${a.label}`}>
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Add an accreditation" noValidate>
          <Field id="acc-scheme" label="Accreditation">
            {(control) => (
              <Select {...control} name="scheme" value={scheme} onChange={(e) => setScheme(e.target.value)}>
                {ACCREDITATION_SCHEMES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {scheme === 'other' && (
            <Field id="acc-other" label="Name of the accreditation">
              {(control) => <Input {...control} name="otherName" />}
            </Field>
          )}
          <Field id="acc-number" label="Certificate or membership number">
            {(control) => <Input {...control} name="number" required />}
          </Field>
          <Field id="acc-scope" label="Scope (optional)">
            {(control) => <Input {...control} name="scope" placeholder="For example Solar PV up to 50 kW" />}
          </Field>
          <Field id="acc-expiry" label="Expiry date (optional)">
            {(control) => <Input {...control} name="expiresOn" type="date" />}
          </Field>
          <Field id="acc-evidence" label="Certificate (PDF or image, up to 5 MB)">
            {(control) => <input {...control} name="evidence" type="file" accept={EVIDENCE_TYPES.join(',')} className="w-full text-sm" />}
          </Field>
          {error && (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {error}
            </p>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Uploading…' : 'Add accreditation'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
