import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import type { Provider } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M, hasKnownLocation } from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { useMe } from '../../../lib/session/get-me';
import { quotePath } from '../../../lib/quote-path';
import { useProvider } from '../api/get-provider';
import { ContactCard } from '../components/contact-card';
import { DeferredProviderMapCard } from '../components/deferred-provider-map-card';
import { ProfileDetails } from '../components/profile-details';
import { ProfileHeader } from '../components/profile-header';
import { ProfileLoadFailed } from '../components/profile-load-failed';
import { ProfileMediaCard } from '../components/profile-media-card';
import { ProfilePlace } from '../components/profile-place';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { AccreditationsCard, CompanyChecksCard, MadeFromAward, ProfileRatingSummary, PublicContractsCard, ReviewsCard } from '../components/profile-trust';
import { sectionProps, useProfileEditor, type ProfileEditor } from '../state/use-profile-editor';

/** Server rendering and the document head (decision 0370). */
export { handle } from './provider-profile-page.handle';

export interface ProviderProfilePageProps {
  /** The map card slot (maps issue): rendered under Service Area when the location is known. */
  renderMap?: (provider: Provider) => ReactNode;
}

/** /providers/{id} (docs/product/providers.md#profile): profile, owner/admin editing one section at a time. */
export function ProviderProfilePage({
  renderMap = (p) => <DeferredProviderMapCard provider={p} />,
}: ProviderProfilePageProps = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const query = useProvider(id);
  const editing = useProfileEditor(id);

  // 'new' renders nothing (docs/product/platform.md#routes).
  if (id === 'new') return null;
  if (query.isPending || me.isPending) return <ProfileSkeleton />;
  if (query.isError) return <ProfileLoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const provider = query.data;
  const user = me.data ?? null;
  const isOwner = Boolean(user && user.id === provider.userId && provider.claimApproved);
  const canEdit = Boolean(user?.is_admin || isOwner);
  const editor: ProfileEditor = { ...editing, canEdit };
  // An unclaimed profile (an imported operator) shows what it has, not a column of 'Not specified':
  // its owner is invited to claim and complete it (decision 0369).
  const sparse = !provider.claimApproved && !canEdit;
  const pathId = provider.slug || provider.id;

  const requestQuote = () => {
    const target = quotePath(provider);
    void navigate(user ? target : signInPath('/auth', target));
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <ProfileHeader
        provider={provider}
        user={user}
        canEdit={canEdit}
        queryId={id}
        editing={editor.editing === 'businessName'}
        saving={editor.saving}
        onEdit={() => editor.open('businessName')}
        onCancel={editor.close}
        onSave={(changes) => editor.save(changes)}
        onRequestQuote={isOwner ? undefined : requestQuote}
      />

      {sparse && provider.viewerClaim?.status !== 'pending' && (
        <aside aria-labelledby="claim-invite" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="claim-invite" className="font-semibold text-amber-900">
            {M.claimInviteTitle}
          </h2>
          <p className="mt-1 text-sm text-amber-900">{M.claimInvite}</p>
        </aside>
      )}

      <ProfileRatingSummary trust={provider.trust} />
      <MadeFromAward provider={provider} />
      {canEdit && (
        <p className="mt-4 text-sm">
          <Link to={`/providers/${pathId}/trust`} className="font-medium text-primary underline">
            Company checks, accreditations and reviews
          </Link>
        </p>
      )}

      {/*
        Two columns from lg; below it one, where the columns dissolve (display: contents) so that
        Services, then the company checks and accreditations (no links or controls in them: focus
        order is unchanged) come first, before the details (decision 0535).
      */}
      <div className="mt-8 flex flex-col gap-6 lg:grid lg:grid-cols-3">
        <div className="contents lg:col-span-2 lg:block lg:space-y-6">
          <ProfileDetails provider={provider} editor={editor} sparse={sparse} />
          <ReviewsCard trust={provider.trust} />
          <PublicContractsCard trust={provider.trust} />
          {/* Google Reviews appear only with a Places key (ruling); none is configured, so the section is hidden. */}
          {/* No files: nothing to show anyone who cannot add one (decision 0535). */}
          {(provider.mediaFiles.length > 0 || canEdit) && (
            <ProfileMediaCard provider={provider} canEdit={canEdit} signedIn={Boolean(user)} pathId={pathId} />
          )}
        </div>

        <div className="contents lg:block lg:space-y-6">
          <CompanyChecksCard trust={provider.trust} className="max-lg:-order-2" />
          <AccreditationsCard trust={provider.trust} className="max-lg:-order-1" />
          <ContactCard provider={provider} saving={editor.saving} onSave={(changes) => editor.save(changes)} {...sectionProps(editor, 'contact')} />
          <ProfilePlace provider={provider} editor={editor} sparse={sparse} />
          {hasKnownLocation(provider.location) && renderMap?.(provider)}
        </div>
      </div>
    </div>
  );
}
