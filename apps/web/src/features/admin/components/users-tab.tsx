import { useEffect, useState } from 'react';
import { Ban, Pencil, Search, ShieldCheck, ShieldOff, UserCheck } from '../../../components/ui/icons';
import type { AdminUser } from '@solar/shared/contracts/admin';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import { USER_TYPE_LABELS } from '@solar/shared/constants/accounts';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useAdminUsers } from '../api/list-admin-users';
import { useCancelDeletion, useUpdateAdminUser } from '../api/update-admin-user';
import { useUpdateUserSuspension } from '../api/update-user-suspension';
import { EmptyState, ListSkeleton, LoadError, failed } from './shared';
import { UserEditForm } from './user-edit-form';

/** Users (docs/product/admin.md#users): search, inline edit, grant or revoke admin, suspend or reinstate, pending deletions. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useAdminUsers(q, page);

  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-heading" className="text-xl font-semibold text-slate-900">
          Users {users.data ? <span className="text-base font-normal text-muted-foreground">({formatNumber(users.data.pagination.total)})</span> : null}
        </h2>
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by name, email or company"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError ? (
        <LoadError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <EmptyState>{M.noUsers}</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {users.data.data.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
          ))}
        </ul>
      )}
      {users.data && users.data.pagination.pages > 1 ? (
        <nav aria-label="Users pages" className="flex items-center justify-between gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {users.data.pagination.page} of {users.data.pagination.pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= users.data.pagination.pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirmAdmin, setConfirmAdmin] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmSuspension, setConfirmSuspension] = useState(false);
  const update = useUpdateAdminUser();
  const cancelDeletion = useCancelDeletion();
  const suspension = useUpdateUserSuspension();
  const suspended = user.suspendedAt !== null;
  // Decision 0424: the only active admin keeps the right and the account; nobody suspends themselves.
  const revokeBlocked = user.is_admin && user.onlyAdmin;
  const suspendBlocked = !suspended && (isSelf || user.onlyAdmin);
  const noteId = `user-${user.id}-note`;
  const note = revokeBlocked ? M.onlyAdminNote : suspendBlocked ? M.cannotSuspendSelf : null;

  const toggleAdmin = () =>
    update.mutate(
      { id: user.id, changes: { is_admin: !user.is_admin } },
      {
        onSuccess: () => {
          setConfirmAdmin(false);
          toast({ title: M.userUpdated, description: `${user.name} ${user.is_admin ? 'is no longer an admin' : 'is now an admin'}.`, variant: 'success' });
        },
        onError: (error) => {
          setConfirmAdmin(false);
          failed(error, M.updateUserFailed);
        },
      },
    );

  const toggleSuspension = () =>
    suspension.mutate(
      { id: user.id, suspended: !suspended },
      {
        onSuccess: () => {
          setConfirmSuspension(false);
          toast({ title: suspended ? M.userReinstated : M.userSuspended, description: `${user.name} ${suspended ? 'can sign in again' : 'is signed out and cannot sign in'}.`, variant: 'success' });
        },
        onError: (error) => {
          setConfirmSuspension(false);
          failed(error, M.updateUserFailed);
        },
      },
    );

  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={user.name}>
      {editing ? (
        <UserEditForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                <span className="break-all">{user.name}</span>
                {user.is_admin ? <Badge>Admin</Badge> : null}
                <Badge variant="secondary">{USER_TYPE_LABELS[user.type]}</Badge>
                {isSelf ? <Badge variant="outline">You</Badge> : null}
                {suspended ? <Badge variant="destructive">Suspended</Badge> : null}
              </p>
              <p className="break-all text-sm text-slate-700">{user.email}</p>
              <p className="text-sm text-muted-foreground">{user.company}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${user.name}`}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </Button>
              {/* Rare and powerful: quiet buttons, and a confirmation before anything changes (decision 0354). */}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirmAdmin(true)}
                disabled={revokeBlocked}
                // eslint-disable-next-line no-restricted-syntax -- not a form field: a disabled button points at why it is disabled
                aria-describedby={revokeBlocked ? noteId : undefined}
              >
                {user.is_admin ? <ShieldOff className="h-4 w-4" aria-hidden /> : <ShieldCheck className="h-4 w-4" aria-hidden />}
                {user.is_admin ? 'Revoke admin' : 'Grant admin'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirmSuspension(true)}
                disabled={suspendBlocked}
                // eslint-disable-next-line no-restricted-syntax -- not a form field: a disabled button points at why it is disabled
                aria-describedby={suspendBlocked ? noteId : undefined}
              >
                {suspended ? <UserCheck className="h-4 w-4" aria-hidden /> : <Ban className="h-4 w-4" aria-hidden />}
                {suspended ? 'Reinstate' : 'Suspend'}
              </Button>
              {user.deletionRequestedAt ? (
                <Button variant="secondary" size="sm" onClick={() => setConfirmCancel(true)}>
                  Cancel deletion
                </Button>
              ) : null}
            </div>
          </div>
          {/* The list's columns (issue 28 item 8): side by side from a tablet up, stacked on a phone. */}
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            <div className="flex gap-2 sm:block">
              <dt className="text-muted-foreground">Email address</dt>
              <dd className={user.emailVerified ? 'text-slate-900' : 'font-medium text-amber-800'}>{user.emailVerified ? M.emailVerifiedBadge : M.emailNotVerifiedBadge}</dd>
            </div>
            <div className="flex gap-2 sm:block">
              <dt className="text-muted-foreground">Last sign-in</dt>
              <dd className="text-slate-900">{user.lastSignInAt ? `${formatDate(user.lastSignInAt, 'dd/MM/yyyy HH:mm')} UK time` : M.neverSignedIn}</dd>
            </div>
            <div className="flex gap-2 sm:block">
              <dt className="text-muted-foreground">Joined</dt>
              <dd className="text-slate-900">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
          {note ? (
            <p id={noteId} className="text-sm text-muted-foreground">
              {note}
            </p>
          ) : null}
          {user.deletionRequestedAt ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="destructive">Deletion requested</Badge>
              <span className="text-slate-700">
                Requested {formatDate(user.deletionRequestedAt)}
                {user.deletionDueAt ? `, due ${formatDate(user.deletionDueAt)}` : ''}
              </span>
            </p>
          ) : null}
        </div>
      )}
      <Dialog
        open={confirmAdmin}
        onOpenChange={setConfirmAdmin}
        title={user.is_admin ? 'Revoke admin access?' : 'Grant admin access?'}
        description={
          user.is_admin
            ? `${user.name} will no longer be able to manage users, claims and tenders.${isSelf ? ' This is your own account: you will lose access to this dashboard.' : ''}`
            : `${user.name} will be able to manage users, claims and tenders, and edit any profile.`
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmAdmin(false)}>
            Cancel
          </Button>
          <Button variant={user.is_admin ? 'destructive' : 'primary'} disabled={update.isPending} onClick={toggleAdmin}>
            {user.is_admin ? 'Revoke admin' : 'Grant admin'}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirmSuspension}
        onOpenChange={setConfirmSuspension}
        title={suspended ? 'Reinstate this account?' : 'Suspend this account?'}
        description={
          suspended
            ? `${user.name} will be able to sign in again.`
            : `${user.name} will be signed out everywhere and cannot sign in until an admin reinstates the account. Their profiles, quotes and tenders stay as they are. No email is sent.`
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmSuspension(false)}>
            Cancel
          </Button>
          <Button variant={suspended ? 'primary' : 'destructive'} disabled={suspension.isPending} onClick={toggleSuspension}>
            {suspended ? 'Reinstate' : 'Suspend account'}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel the deletion request?"
        description={`${user.name}'s account will be kept and the scheduled deletion will not happen.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            Keep request
          </Button>
          <Button
            disabled={cancelDeletion.isPending}
            onClick={() =>
              cancelDeletion.mutate(user.id, {
                onSuccess: () => {
                  setConfirmCancel(false);
                  toast({ title: 'Deletion cancelled', description: `${user.name}'s account will be kept.`, variant: 'success' });
                },
                onError: (error) => {
                  setConfirmCancel(false);
                  failed(error, M.updateUserFailed);
                },
              })
            }
          >
            Cancel deletion
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
