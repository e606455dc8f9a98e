import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../ui/link';
import { ALERT_MESSAGES as M, DEFAULT_ALERT_FREQUENCY, DEFAULT_DIGEST_HOUR, DEFAULT_DIGEST_WEEKDAY, SAVED_SEARCH_KIND_LABELS, SAVED_SEARCH_LIMITS, type SavedSearchKind } from '@solar/shared/constants/alerts';
import type { CreateSavedSearchInput } from '@solar/shared/contracts/alerts';
import { criteriaFromAddress, describeCriteria } from '@solar/shared/domain/saved-search-address';
import { signInPath } from '@solar/shared/domain/redirect';
import { useCreateSavedSearch } from '../../lib/saved-searches';
import { Button, buttonClasses } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { toast } from '../ui/toast-store';
import { ScheduleFields, type Schedule } from './schedule-fields';

/** The Save search dialog (decision 0471); a visitor is asked to log in first. */
export default function SaveSearchDialog({
  open,
  onOpenChange,
  kind,
  params,
  signedIn,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  kind: SavedSearchKind;
  params: URLSearchParams;
  signedIn: boolean;
}) {
  const location = useLocation();
  const criteria = criteriaFromAddress(kind, params);
  const summary = describeCriteria(kind, criteria);
  const [name, setName] = useState(() => summary.slice(0, SAVED_SEARCH_LIMITS.nameMax));
  const [schedule, setSchedule] = useState<Schedule>({ frequency: DEFAULT_ALERT_FREQUENCY, hour: DEFAULT_DIGEST_HOUR, weekday: DEFAULT_DIGEST_WEEKDAY });
  const [error, setError] = useState<string>();
  const save = useCreateSavedSearch();

  if (!signedIn) {
    const back = `${location.pathname}${location.search}`;
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={M.loginToSave} description={M.saveSearchHint}>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Link to={signInPath('/auth/register', back)} className={buttonClasses('secondary')}>
            Sign up
          </Link>
          <Link to={signInPath('/auth', back)} className={buttonClasses('primary')}>
            Log in
          </Link>
        </div>
      </Dialog>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(M.nameRequired);
    setError(undefined);
    save.mutate({ kind, name: name.trim(), criteria, ...schedule } as CreateSavedSearchInput, {
      onSuccess: () => {
        toast({ title: M.saved, description: M.savedDescription, variant: 'success' });
        onOpenChange(false);
      },
      onError: (e) => setError(e.message || M.saveFailed),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={M.saveSearchTitle} description={M.saveSearchHint}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-slate-800">
          <span className="font-medium">{SAVED_SEARCH_KIND_LABELS[kind]}:</span> {summary}
        </p>
        <Field id="save-search-name" label={M.nameLabel} error={error}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={SAVED_SEARCH_LIMITS.nameMax}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <ScheduleFields value={schedule} onChange={setSchedule} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : M.saveSearch}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
