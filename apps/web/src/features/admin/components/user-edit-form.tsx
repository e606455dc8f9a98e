import { useState } from 'react';
import type { AdminUser, UpdateAdminUserInput } from '@solar/shared/contracts/admin';
import { updateAdminUserBody } from '@solar/shared/contracts/admin';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@solar/shared/constants/accounts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { failed } from './shared';

/** A user's details edited in their row of the Users list (docs/product/admin.md#users); only what changed is sent, checked with the server's schema first. */
export function UserEditForm({ user, onDone }: { user: AdminUser; onDone(): void }) {
  const [values, setValues] = useState({ name: user.name, email: user.email, company: user.company, type: user.type as UserType });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateAdminUser();
  const prefix = `user-${user.id}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes: UpdateAdminUserInput = {};
    if (values.name !== user.name) changes.name = values.name;
    if (values.email !== user.email) changes.email = values.email;
    if (values.company !== user.company) changes.company = values.company;
    if (values.type !== user.type) changes.type = values.type;
    if (Object.keys(changes).length === 0) return onDone();
    const parsed = updateAdminUserBody.safeParse(changes);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          toast({ title: M.userUpdated, description: `${values.name}'s details were saved.`, variant: 'success' });
          onDone();
        },
        onError: (error) => failed(error, M.updateUserFailed),
      },
    );
  };

  const field = (key: 'name' | 'email' | 'company', label: string, type = 'text') => (
    <Field id={`${prefix}-${key}`} label={label} error={errors[key]} className="gap-1">
      {(control) => <Input {...control} type={type} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />}
    </Field>
  );

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={`Edit ${user.name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('name', 'Name')}
        {field('email', 'Email', 'email')}
        {field('company', 'Company')}
        <div className="grid gap-1">
          <label htmlFor={`${prefix}-type`} className="text-sm font-medium text-slate-800">
            Type
          </label>
          <Select id={`${prefix}-type`} value={values.type} onChange={(e) => setValues((v) => ({ ...v, type: e.target.value as UserType }))}>
            {USER_TYPES.map((t) => (
              <option key={t} value={t}>
                {USER_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {errors.form ? <p className="text-sm text-destructive">{errors.form}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
