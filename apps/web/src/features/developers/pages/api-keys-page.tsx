import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../components/ui/link';
import { BookOpen, Check, Copy, KeyRound } from '../../../components/ui/icons';
import { API_KEY_LIMITS, API_KEY_MESSAGES as M } from '@solar/shared/constants/developers';
import type { ApiKey } from '@solar/shared/contracts/developers';
import { getMe } from '@solar/shared/contracts/routes';
import { formatDate } from '@solar/shared/domain/format';
import { RequireAuth } from '../../../components/require-auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { api } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = (iso: string) => formatDate(iso, 'dd/MM/yyyy HH:mm');

/**
 * /developers (docs/product/developers.md#api-keys-page, decision 0530): a signed-in user creates a
 * named key (shown once, with a copy button), sees each key's first characters and when it was
 * last used, and revokes one. The server checks every call (decision 0492).
 */
export function ApiKeysPage() {
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold text-slate-900">
          <KeyRound className="h-7 w-7 shrink-0 text-primary" aria-hidden />
          {M.title}
        </h1>
        <p className="text-slate-700">{M.intro}</p>
        <p>
          <Link to="/developers/api" className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4">
            <BookOpen className="h-4 w-4" aria-hidden />
            {M.referenceLink}
          </Link>
        </p>
      </div>
      {secret ? <NewKey name={secret.name} secret={secret.value} onDone={() => setSecret(null)} /> : <CreateKeyForm onCreated={(name, value) => setSecret({ name, value })} />}
      <KeyList />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated(name: string, secret: string): void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(M.nameRequired);
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (answer) => {
        setName('');
        onCreated(answer.data.name, answer.secret);
      },
      onError: (e) => setError(e.message || M.createFailed),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{M.create}</CardTitle>
        <p className="text-sm text-muted-foreground">{M.atMost(API_KEY_LIMITS.maxActive)}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <Field id="api-key-name" label={M.nameLabel} hint={M.nameHint} error={error}>
            {(control) => <Input {...control} value={name} maxLength={API_KEY_LIMITS.nameMax} autoComplete="off" onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Button type="submit" disabled={create.isPending} className="sm:mt-7">
            {create.isPending ? M.creating : M.create}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The key itself, this once: focus moves here so a screen reader hears it was made. */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast({ title: M.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="new-key-title" className="grid gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
      <h2 id="new-key-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {M.created}: {name}
      </h2>
      <p className="text-sm">{M.shownOnce}</p>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <label htmlFor="new-api-key" className="sr-only">
          {M.newKeyLabel}
        </label>
        <Input id="new-api-key" readOnly value={secret} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={copied ? M.copied : `${M.copy} ${M.newKeyLabel.toLowerCase()}`}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? M.copied : M.copy}
        </Button>
      </div>
      <p className="text-sm">{M.usage}</p>
      <pre className="overflow-x-auto rounded-md bg-white p-3 text-xs text-slate-900" tabIndex={0}>
        <code>{`curl -H "Authorization: Bearer ${secret}" "${config.publicUrl}${api.url(getMe)}"`}</code>
      </pre>
      <span role="status" className="sr-only">
        {copied ? M.copied : ''}
      </span>
      <div>
        <Button onClick={onDone}>{M.done}</Button>
      </div>
    </section>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const active = keys.data?.filter((k) => !k.revokedAt).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{M.listTitle}</CardTitle>
        {keys.isSuccess && keys.data.length > 0 && <p className="text-sm text-muted-foreground">{M.active(active, API_KEY_LIMITS.maxActive)}</p>}
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <div role="status" aria-label={M.loading} className="grid gap-3">
            {[0, 1].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        ) : keys.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <span>{keys.error.message || M.loadFailed}</span>
            <Button size="sm" variant="secondary" onClick={() => void keys.refetch()}>
              {M.retry}
            </Button>
          </div>
        ) : keys.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">{M.none}</p>
        ) : (
          <ul className="grid gap-3" aria-label={M.listTitle}>
            {keys.data.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function KeyRow({ apiKey: k }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-border bg-white p-4" aria-label={k.name}>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium text-slate-900">{k.name}</span>
          {k.revokedAt && (
            <Badge variant="secondary">
              {M.revokedOn} {formatDate(k.revokedAt)}
            </Badge>
          )}
        </p>
        <p className="font-mono text-sm text-slate-700">{k.prefix}…</p>
        <p className="text-sm text-muted-foreground">
          {M.createdOn} {formatDate(k.createdAt)} · {k.lastUsedAt ? `${M.lastUsed} ${when(k.lastUsedAt)}` : M.neverUsed}
        </p>
      </div>
      {!k.revokedAt && (
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} aria-label={`${M.revoke} ${k.name}`}>
          {M.revoke}
        </Button>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming} title={M.revoke} description={M.revokeConfirm(k.name)}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {M.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(k.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: M.revoked, description: k.name, variant: 'success' });
                },
                onError: (e) => toast({ title: M.revokeFailed, description: e.message, variant: 'destructive' }),
              })
            }
          >
            {M.revoke}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

export function GuardedApiKeysPage() {
  return (
    <RequireAuth redirectTo="/login">
      <ApiKeysPage />
    </RequireAuth>
  );
}
