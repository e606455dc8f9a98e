import { Suspense, useState } from 'react';
import { Link } from '../../../components/ui/link';
import { Building2, Clock, Pencil } from '../../../components/ui/icons';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M, providerTypeLabel } from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import { ClaimDialog, HeaderEditor, ImageUploadButton } from './profile-lazy-parts';

export interface ProfileHeaderProps {
  provider: Provider;
  user: CurrentUser | null;
  canEdit: boolean;
  /** The id or slug the page's provider query uses (refetched after an upload). */
  queryId: string;
  /** Name and type are being edited. */
  editing: boolean;
  saving: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(changes: UpdateProviderInput): void;
  /** Absent on the owner's own profile: nobody requests a quote from themselves. */
  onRequestQuote?(): void;
}

/** The profile's cover, logo, name and type, and its actions: claim, upload, Request Quote (docs/product/providers.md#profile). */
export function ProfileHeader({ provider, user, canEdit, queryId, editing, saving, onEdit, onCancel, onSave, onRequestQuote }: ProfileHeaderProps) {
  const [coverFailed, setCoverFailed] = useState(false);
  // A logo that fails to load shows the fallback icon, not its alt text spilling out of the frame.
  const [logoFailed, setLogoFailed] = useState(false);
  const pendingClaim = provider.viewerClaim?.status === 'pending';
  // The upload buttons load their code when shown: only once the page is live (never in the server's HTML).
  const hydrated = useHydrated();
  // null until the first click: the dialog's code loads then; the button is live as soon as the page hydrates.
  const [claiming, setClaiming] = useState<boolean | null>(null);
  const name = provider.businessName || M.unclaimedName;
  const pathId = provider.slug || provider.id;
  return (
    <>
        {/* Cover */}
        <div className="relative h-40 overflow-hidden rounded-lg bg-gradient-to-r from-primary/80 to-sky-600 sm:h-56">
          {provider.coverImage && !coverFailed ? (
            <img
              src={provider.coverImage}
              alt=""
              className="h-full w-full object-cover"
              onError={() => setCoverFailed(true)}
            />
          ) : provider.coverImage && coverFailed ? (
            <p className="flex h-full items-center justify-center text-sm text-white">{M.coverUnavailable}</p>
          ) : null}
          {canEdit && hydrated && (
            <Suspense fallback={null}>
              <ImageUploadButton
                providerId={provider.id}
                queryId={queryId}
                kind="cover"
                hasImage={Boolean(provider.coverImage)}
                className="absolute right-3 top-3"
              />
            </Suspense>
          )}
        </div>

        {/* Header */}
        {/* Only the logo overlaps the cover: a long name wraps below it, never onto the cover. */}
        <div className="flex flex-col gap-4 px-2 sm:flex-row sm:items-start sm:px-6">
          <div className="relative -mt-10 flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border-4 border-white bg-white shadow">
            {provider.logo && !logoFailed ? (
              <img
                src={provider.logo}
                alt={`${name} logo`}
                className="h-full w-full object-contain"
                onError={() => setLogoFailed(true)}
              />
            ) : (
              <Building2 className="h-10 w-10 text-slate-400" aria-hidden />
            )}
          </div>
          <div className="min-w-0 flex-1 sm:pt-3">
            {editing ? (
              <Suspense fallback={null}>
                <HeaderEditor provider={provider} saving={saving} onCancel={onCancel} onSave={onSave} />
              </Suspense>
            ) : (
              <>
                <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <Badge>{providerTypeLabel(provider.type)}</Badge>
                  {!provider.claimed && <Badge variant="warning">{M.unclaimedName}</Badge>}
                  {canEdit && (
                    <Button size="sm" variant="secondary" onClick={onEdit}>
                      <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit name and type
                    </Button>
                  )}
                </div>
              </>
            )}
          </div>
          <div className="flex flex-wrap gap-2 sm:pt-3">
            <Suspense fallback={null}>
              {canEdit && hydrated && <ImageUploadButton providerId={provider.id} queryId={queryId} kind="logo" hasImage={Boolean(provider.logo)} />}
              {claiming !== null && <ClaimDialog providerId={provider.id} businessName={name} open={claiming} onOpenChange={setClaiming} />}
            </Suspense>
            {user && !provider.claimApproved && user.id !== provider.userId && pendingClaim && (
              // The claimant's own claim awaits review (decision 0368): no second claim is offered.
              <p role="status" className="inline-flex items-center gap-2 self-center rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                <Clock className="h-4 w-4" aria-hidden /> {M.claimPending}
              </p>
            )}
            {user && !provider.claimApproved && user.id !== provider.userId && !pendingClaim && (
              <Button variant="secondary" onClick={() => setClaiming(true)}>
                Claim this profile
              </Button>
            )}
            {!user && !provider.claimApproved && (
              <Link to={signInPath('/auth', `/providers/${pathId}`)} className={buttonClasses('secondary')}>
                Claim this profile
              </Link>
            )}
            {!user && !provider.claimApproved && (
              // New to the site: signing up with providerId files the claim with the account (decision 0148).
              <Link
                to={`${signInPath('/register', `/providers/${pathId}`)}&providerId=${encodeURIComponent(provider.id)}`}
                className="self-center text-sm text-primary underline-offset-4 hover:underline"
              >
                New here? Sign up and claim
              </Link>
            )}
            {onRequestQuote && <Button onClick={onRequestQuote}>Request Quote</Button>}
          </div>
        </div>
    </>
  );
}
