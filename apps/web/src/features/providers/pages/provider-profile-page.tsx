import { Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MapPin } from 'lucide-react';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import {
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
import { LocationEditor, RadiusEditor } from '../components/profile-lazy-parts';
import { ProfileMediaCard } from '../components/profile-media-card';
import { ChipsView, ListEditor, OptionsEditor, SectionCard, TextEditor } from '../components/profile-sections';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { quotePath } from '../../../components/provider-card';

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
  const canEdit = Boolean(user && (user.is_admin || (user.id === provider.userId && provider.claimApproved)));
  const pathId = provider.slug || provider.id;

  /** Saves one section optimistically; the edit state is cleared after success (docs/product/providers.md#profile-editing). */
  const save = (
    changes: UpdateProviderInput,
    success: string = M.detailsUpdated,
    failure: string = M.updateFailed,
    keepOpen = false,
  ) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        if (!keepOpen) setEditing(null);
        toast({ title: 'Success', description: success, variant: 'success' });
        if (changes.location !== undefined) {
          place.mutate({ location: saved.location, businessName: saved.businessName });
        }
      },
      onError: (error) => toast({ title: 'Error', description: error.message || failure, variant: 'destructive' }),
    });

  const saveRadius = (radius: number) =>
    save({ serviceRadius: radius }, radius === -1 ? M.countrywide : M.radiusUpdated(radius), M.radiusFailed, true);

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

  const listSection = (key: 'services' | 'certifications' | 'industryAssociations', title: string) => (
    <SectionCard title={title} {...section(key)}>
      {editing === key ? (
        <ListEditor
          id={`edit-${key}`}
          label={title}
          initial={provider[key]}
          saving={update.isPending}
          onSave={(values) => save({ [key]: values })}
        />
      ) : (
        <ChipsView values={provider[key]} />
      )}
    </SectionCard>
  );

  const optionSection = (key: 'technologies' | 'scale' | 'phase', title: string, options: readonly string[]) => (
    <SectionCard title={title} {...section(key)}>
      {editing === key ? (
        <OptionsEditor
          label={title}
          options={options}
          initial={provider[key]}
          saving={update.isPending}
          onSave={(values) => save({ [key]: values })}
        />
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
        onRequestQuote={requestQuote}
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {listSection('services', 'Services')}
          <SectionCard title="About" {...section('description')}>
            {editing === 'description' ? (
              <TextEditor
                id="edit-description"
                label="About"
                multiline
                initial={provider.description}
                saving={update.isPending}
                validate={(v) => (v.trim() ? null : M.descriptionEmpty)}
                onSave={(value) => save({ description: value }, M.descriptionUpdated)}
              />
            ) : provider.description ? (
              <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{provider.description}</p>
            ) : (
              <p className="text-sm text-muted-foreground">No description yet</p>
            )}
          </SectionCard>
          {optionSection('technologies', 'Technologies', TECHNOLOGIES)}
          {optionSection('scale', 'Scale', SCALES)}
          {optionSection('phase', 'Phase', PHASES)}
          {listSection('certifications', 'Certifications')}
          {listSection('industryAssociations', 'Industry Associations')}
          {/* Google Reviews appear only with a Places key (ruling); none is configured, so the section is hidden. */}
          <ProfileMediaCard provider={provider} canEdit={canEdit} pathId={pathId} />
        </div>

        <div className="space-y-6">
          <ContactCard
            provider={provider}
            saving={update.isPending}
            onSave={(changes) => save(changes)}
            {...section('contact')}
          />
          <SectionCard title="Address" {...section('location')}>
            {editing === 'location' ? (
              <Suspense fallback={null}>
                <LocationEditor initial={provider.location} saving={update.isPending} onSave={(location) => save({ location })} />
              </Suspense>
            ) : hasKnownLocation(provider.location) ? (
              <p className="flex items-start gap-2 text-sm">
                <MapPin className="mt-0.5 h-4 w-4 text-slate-500" aria-hidden /> {provider.location}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Location not available</p>
            )}
          </SectionCard>
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
          {hasKnownLocation(provider.location) && renderMap?.(provider)}
        </div>
      </div>
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">{children}</div>;
}
