import { Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MapPin } from 'lucide-react';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import {
  COUNTRYWIDE_RADIUS,
  PHASES,
  PROVIDER_MESSAGES as M,
  SCALES,
  TECHNOLOGIES,
  hasKnownLocation,
} from '@solar/shared/constants/providers';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { signInPath } from '@solar/shared/domain/redirect';
import { NotFoundCard } from '../../../components/not-found-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { isNotFound, useProvider } from '../api/get-provider';
import { useUpdatePlace, useUpdateProvider } from '../api/provider-mutations';
import { ContactCard } from '../components/contact-card';
import { ProfileHeader } from '../components/profile-header';
import { DeferredProviderMapCard } from '../components/deferred-provider-map-card';
import { DescriptionEditor, LocationEditor, OptionsEditor, ProviderListEditor, RadiusEditor } from '../components/profile-lazy-parts';
import { ProfileMediaCard } from '../components/profile-media-card';
import { ChipsView, SectionCard } from '../components/profile-sections';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { AccreditationsCard, CompanyChecksCard, MadeFromAward, ProfileRatingSummary, PublicContractsCard, ReviewsCard } from '../components/profile-trust';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { quotePath } from '../../../lib/quote-path';

/** Server rendering and the document head (decision 0370). */
export { handle } from './provider-profile-page.handle';

type Section =
  | 'businessName'
  | 'description'
  | 'services'
  | 'technologies'
  | 'scale'
  | 'phase'
  | 'certifications'
  | 'industryAssociations'
  | 'location'
  | 'serviceRadius'
  | 'contact';

/** The detail sections of a profile, in the order they are shown. */
const DETAILS = [
  { key: 'services', title: 'Services' },
  { key: 'technologies', title: 'Technologies' },
  { key: 'scale', title: 'Scale' },
  { key: 'phase', title: 'Phase' },
  { key: 'certifications', title: 'Certifications' },
  { key: 'industryAssociations', title: 'Industry Associations' },
] as const;
type DetailKey = (typeof DETAILS)[number]['key'];

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
  const update = useUpdateProvider(id);
  const place = useUpdatePlace(id);
  const [editing, setEditing] = useState<Section | null>(null);

  // 'new' renders nothing (docs/product/platform.md#routes).
  if (id === 'new') return null;
  if (query.isPending || me.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <Centered>
        <NotFoundCard
          title={M.providerNotFound}
          hint={NOT_FOUND.recordHint}
          links={[
            { to: '/providers', label: 'Back to Directory' },
            { to: '/', label: NOT_FOUND.homeLink },
          ]}
        />
      </Centered>
    ) : (
      <Centered>
        <p role="alert" className="text-destructive">
          {(query.error as Error | null)?.message || M.detailsFailed}
        </p>
        <div className="flex gap-2">
          <Button onClick={() => void query.refetch()}>Try Again</Button>
          <Link to="/providers" className={buttonClasses('secondary')}>
            Back to Directory
          </Link>
        </div>
      </Centered>
    );
  }

  const provider = query.data;
  const user = me.data ?? null;
  const isOwner = Boolean(user && user.id === provider.userId && provider.claimApproved);
  const canEdit = Boolean(user?.is_admin || isOwner);
  // An unclaimed profile (an imported operator) shows what it has, not a column of 'Not specified':
  // its owner is invited to claim and complete it (decision 0369).
  const sparse = !provider.claimApproved && !canEdit;
  const shown = (hasContent: boolean) => !sparse || hasContent;
  // Anyone who cannot edit reads the empty detail sections of a claimed profile in one card, not six
  // 'Not specified' ones; editors keep each card to fill in (decision 0535).
  const detail = (key: DetailKey) => provider[key].length > 0 || canEdit;
  const notGiven = sparse ? [] : DETAILS.filter((d) => !detail(d.key));
  const pathId = provider.slug || provider.id;

  /**
   * Saves one section optimistically (docs/product/providers.md#profile-editing, decision 0369): the editor closes and the
   * profile shows the change at once; a failure puts the old values back and says why in the error toast.
   */
  const save = (
    changes: UpdateProviderInput,
    success: string = M.detailsUpdated,
    failure: string = M.updateFailed,
    keepOpen = false,
    locationCenter?: [number, number],
  ) => {
    if (!keepOpen) setEditing(null);
    update.mutate(changes, {
      onSuccess: (saved) => {
        toast({ title: 'Success', description: success, variant: 'success' });
        if (changes.location !== undefined) {
          place.mutate({ location: saved.location, businessName: saved.businessName, locationCenter });
        }
      },
      onError: (error) => toast({ title: 'Error', description: error.message || failure, variant: 'destructive' }),
    });
  };

  const saveRadius = (radius: number) =>
    save(
      { serviceRadius: radius },
      radius === COUNTRYWIDE_RADIUS ? M.countrywide : radius === 0 ? M.countrywideOff : M.radiusUpdated(radius),
      M.radiusFailed,
      true,
    );

  const requestQuote = () => {
    const target = quotePath(provider);
    void navigate(user ? target : signInPath('/auth', target));
  };

  const section = (key: Section) => ({
    canEdit,
    editing: editing === key,
    onEdit: () => setEditing(key),
    onCancel: () => setEditing(null),
  });

  const listSection = (key: 'services' | 'certifications' | 'industryAssociations', title: string, className?: string) =>
    shown(provider[key].length > 0) && detail(key) && (
    <SectionCard title={title} className={className} {...section(key)}>
      {editing === key ? (
        <Suspense fallback={null}>
          <ProviderListEditor
            listKey={key}
            id={`edit-${key}`}
            label={title}
            initial={provider[key]}
            saving={update.isPending}
            onSave={(values) => save({ [key]: values })}
          />
        </Suspense>
      ) : (
        <ChipsView values={provider[key]} />
      )}
    </SectionCard>
  );

  const optionSection = (key: 'technologies' | 'scale' | 'phase', title: string, options: readonly string[]) =>
    shown(provider[key].length > 0) && detail(key) && (
    <SectionCard title={title} {...section(key)}>
      {editing === key ? (
        <Suspense fallback={null}>
          <OptionsEditor
            label={title}
            options={options}
            initial={provider[key]}
            saving={update.isPending}
            onSave={(values) => save({ [key]: values })}
          />
        </Suspense>
      ) : (
        <ChipsView values={provider[key]} />
      )}
    </SectionCard>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <ProfileHeader
        provider={provider}
        user={user}
        canEdit={canEdit}
        queryId={id}
        editing={editing === 'businessName'}
        saving={update.isPending}
        onEdit={() => setEditing('businessName')}
        onCancel={() => setEditing(null)}
        onSave={(changes) => save(changes)}
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
          {listSection('services', 'Services', 'max-lg:-order-3')}
          {shown(Boolean(provider.description)) && (
          <SectionCard title="About" {...section('description')}>
            {editing === 'description' ? (
              <Suspense fallback={null}>
                <DescriptionEditor
                  id="edit-description"
                  label="About"
                  initial={provider.description}
                  saving={update.isPending}
                  onSave={(value) => save({ description: value }, M.descriptionUpdated)}
                />
              </Suspense>
            ) : provider.description ? (
              <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{provider.description}</p>
            ) : (
              <p className="text-sm text-muted-foreground">No description yet</p>
            )}
          </SectionCard>
          )}
          {optionSection('technologies', 'Technologies', TECHNOLOGIES)}
          {optionSection('scale', 'Scale', SCALES)}
          {optionSection('phase', 'Phase', PHASES)}
          {listSection('certifications', 'Certifications')}
          {listSection('industryAssociations', 'Industry Associations')}
          {notGiven.length > 0 && (
            <Card>
              <CardHeader className="pb-3">
                <CardTitle className="text-lg">{M.notGivenTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted-foreground">{M.notGiven(notGiven.map((d) => d.title.toLowerCase()))}</p>
              </CardContent>
            </Card>
          )}
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
          <ContactCard
            provider={provider}
            saving={update.isPending}
            onSave={(changes) => save(changes)}
            {...section('contact')}
          />
          <SectionCard title="Address" {...section('location')}>
            {editing === 'location' ? (
              <Suspense fallback={null}>
                <LocationEditor
                  initial={provider.location}
                  saving={update.isPending}
                  onSave={(chosen) => save({ location: chosen.place_name }, undefined, undefined, false, chosen.center)}
                />
              </Suspense>
            ) : hasKnownLocation(provider.location) ? (
              <p className="flex items-start gap-2 text-sm">
                <MapPin className="mt-0.5 h-4 w-4 text-slate-500" aria-hidden /> {provider.location}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Location not available</p>
            )}
          </SectionCard>
          {shown(provider.serviceRadius === COUNTRYWIDE_RADIUS || (provider.serviceRadius ?? 0) > 0) && (
          <SectionCard title="Service Area" {...section('serviceRadius')}>
            {editing === 'serviceRadius' ? (
              <Suspense fallback={null}>
                <RadiusEditor value={provider.serviceRadius} onSave={saveRadius} />
              </Suspense>
            ) : (
              <p className="text-sm">
                {provider.serviceRadius === -1
                  ? 'Countrywide coverage'
                  : provider.serviceRadius && provider.serviceRadius > 0
                    ? `${provider.serviceRadius} km service radius`
                    : 'No service radius set'}
              </p>
            )}
          </SectionCard>
          )}
          {hasKnownLocation(provider.location) && renderMap?.(provider)}
        </div>
      </div>
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">{children}</div>;
}
