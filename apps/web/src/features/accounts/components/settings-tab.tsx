import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { Pencil } from '../../../components/ui/icons';
import type { z } from 'zod';
import { companyField, nameField, type CurrentUser } from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES as M, DELETION_GRACE_DAYS, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@solar/shared/constants/accounts';
import { formatDate } from '@solar/shared/domain/format';
import { API_KEY_MESSAGES } from '@solar/shared/constants/developers';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { config } from '../../../lib/config';
import { useRequestDeletion, useUpdateDetails, useUpdateType } from '../api/auth';

const failed = (error: Error, fallback: string) => toast({ title: 'Error', description: error.message || fallback, variant: 'destructive' });

/** The dashboard's Settings tab (docs/product/accounts.md#settings): email read-only, inline name and company, type, reset, Danger Zone. */
export function SettingsTab({ user }: { user: CurrentUser }) {
  const updateDetails = useUpdateDetails();
  const save = (field: 'name' | 'company') => (value: string) =>
    new Promise<boolean>((resolve) =>
      updateDetails.mutate(
        { [field]: value },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: M.detailsUpdated, variant: 'success' });
            resolve(true);
          },
          onError: (error) => {
            failed(error, 'Failed to update details');
            resolve(false);
          },
        },
      ),
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Account Settings</CardTitle>
          <p className="text-sm text-muted-foreground">Manage your account details and preferences.</p>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Field id="settings-email" label="Email" hint="Your email address cannot be changed.">
            {(control) => <Input {...control} value={user.email} readOnly aria-readonly className="bg-muted" />}
          </Field>
          <InlineEdit id="settings-name" label="Full Name" value={user.name} schema={nameField} pending={updateDetails.isPending} onSave={save('name')} />
          <InlineEdit id="settings-company" label="Company Name" value={user.company} schema={companyField} pending={updateDetails.isPending} onSave={save('company')} />
          <UserTypeSelect user={user} />
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-slate-800">Password</p>
            <div>
              <Link to="/reset-password" className={buttonClasses('secondary')}>
                Password Reset
              </Link>
            </div>
          </div>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-slate-800">{API_KEY_MESSAGES.title}</p>
            <p className="text-xs text-muted-foreground">{API_KEY_MESSAGES.settingsHint}</p>
            <div>
              <Link to="/developers" className={buttonClasses('secondary')}>
                {API_KEY_MESSAGES.settingsLink}
              </Link>
            </div>
          </div>
        </CardContent>
      </Card>
      {!user.is_admin && <DangerZone user={user} />}
    </div>
  );
}

function InlineEdit({
  id,
  label,
  value,
  schema,
  pending,
  onSave,
}: {
  id: string;
  label: string;
  value: string;
  schema: z.ZodType<string, string>;
  pending: boolean;
  onSave(value: string): Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const parsed = schema.safeParse(draft);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  if (!editing) {
    return (
      <div className="grid gap-1.5">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          {label}
        </p>
        <div className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
          <span aria-labelledby={`${id}-label`} className="truncate text-sm text-slate-900">
            {value}
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit ${label}`}
            onClick={() => {
              setDraft(value);
              setEditing(true);
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        void onSave(parsed.data).then((ok) => ok && setEditing(false));
      }}
    >
      <Field id={id} label={label} error={error}>
        {(control) => <Input {...control} value={draft} autoFocus onChange={(e) => setDraft(e.target.value)} />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending || !parsed.success}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function UserTypeSelect({ user }: { user: CurrentUser }) {
  const updateType = useUpdateType();
  const [pendingType, setPendingType] = useState<UserType | null>(null);
  return (
    <>
      <Field id="settings-type" label="User Type">
        {(control) => (
          <Select
            {...control}
            value={user.type}
            disabled={updateType.isPending}
            onChange={(e) => {
              const next = e.target.value as UserType;
              if (next !== user.type) setPendingType(next);
            }}
          >
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {USER_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Dialog
        open={pendingType !== null}
        onOpenChange={(open) => !open && setPendingType(null)}
        title="Change account type?"
        description={
          pendingType
            ? `Your account will change from ${USER_TYPE_LABELS[user.type]} to ${USER_TYPE_LABELS[pendingType]}. Your dashboard and the tools offered to you change with it.`
            : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setPendingType(null)}>
            Cancel
          </Button>
          <Button
            disabled={updateType.isPending}
            onClick={() =>
              pendingType &&
              updateType.mutate(pendingType, {
                onSuccess: () => {
                  toast({ title: 'Success', description: M.typeUpdated, variant: 'success' });
                  setPendingType(null);
                },
                onError: (error) => failed(error, 'Failed to update account type'),
              })
            }
          >
            {updateType.isPending ? 'Saving...' : 'Confirm'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function DangerZone({ user }: { user: CurrentUser }) {
  const requestDeletion = useRequestDeletion();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Card className="border-red-300">
      <CardHeader>
        <CardTitle className="text-red-800">Danger Zone</CardTitle>
        <p className="text-sm text-muted-foreground">Permanently delete your account and its data.</p>
      </CardHeader>
      <CardContent>
        {user.deletionRequestedAt ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            Deletion requested on {formatDate(user.deletionRequestedAt)}. Your account will be deleted within {DELETION_GRACE_DAYS} days.{' '}
            {/* The configured contact page (docs/product/platform.md#external-links), so the way to cancel is one click. */}
            <a href={config.links.contact} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-4">
              Contact support
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            to cancel the request.
          </p>
        ) : (
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete Account
          </Button>
        )}
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title="Delete your account?"
          description={`Your account and its data will be deleted within ${DELETION_GRACE_DAYS} days. Until then you can cancel by contacting support.`}
        >
          <Field id="deletion-reason" label="Reason (optional)">
            {(control) => <Textarea {...control} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={requestDeletion.isPending}
              onClick={() =>
                requestDeletion.mutate(reason.trim() || undefined, {
                  onSuccess: () => {
                    toast({ title: 'Deletion requested', description: M.deletionRequested });
                    setOpen(false);
                  },
                  onError: (error) => failed(error, 'Failed to request account deletion'),
                })
              }
            >
              {requestDeletion.isPending ? 'Requesting...' : 'Request deletion'}
            </Button>
          </div>
        </Dialog>
      </CardContent>
    </Card>
  );
}
