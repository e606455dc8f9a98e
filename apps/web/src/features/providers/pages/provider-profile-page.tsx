import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Building2, FileText, MapPin } from 'lucide-react';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import {
  PHASES,
  PROFILE_MEDIA_PREVIEW,
  PROVIDER_CREATE_TYPES,
  PROVIDER_FILTER_TYPES,
  PROVIDER_MESSAGES as M,
  SCALES,
  TECHNOLOGIES,
  hasKnownLocation,
  providerTypeLabel,
} from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { LocationInput } from '../../../components/location-input';
import { isNotFound, useProvider } from '../api/get-provider';
import { useUpdatePlace, useUpdateProvider } from '../api/provider-mutations';
import { ClaimDialog } from '../components/claim-dialog';
import { ContactCard } from '../components/contact-card';
import { ImageUploadButton } from '../components/image-upload';
import { ProviderMapCard } from '../components/provider-map-card';
import { ChipsView, ListEditor, OptionsEditor, SectionCard, TextEditor } from '../components/profile-sections';
import { quotePath } from '../../../components/provider-card';

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

/** /providers/{id} (directory §2, §4): profile, owner/admin editing one section at a time. */
export function ProviderProfilePage({
  renderMap = (p) => <ProviderMapCard provider={p} />,
}: ProviderProfilePageProps = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const query = useProvider(id);
  const update = useUpdateProvider(id);
  const place = useUpdatePlace(id);
  const [editing, setEditing] = useState<Section | null>(null);
  const [coverFailed, setCoverFailed] = useState(false);

  // 'new' renders nothing (directory §2).
  if (id === 'new') return null;
  if (query.isPending || me.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <Centered>
        <h1 className="text-2xl font-semibold">{M.providerNotFound}</h1>
        <Link to="/providers" className={buttonClasses('secondary')}>
          Back to Directory
        </Link>
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
  const name = provider.businessName || M.unclaimedName;
  const pathId = provider.slug || provider.id;

  /** Saves one section optimistically; the edit state is cleared after success (directory §4). */
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

  const media = provider.mediaFiles.slice(0, PROFILE_MEDIA_PREVIEW);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
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
        {canEdit && (
          <ImageUploadButton
            providerId={provider.id}
            queryId={id}
            kind="cover"
            hasImage={Boolean(provider.coverImage)}
            className="absolute right-3 top-3"
          />
        )}
      </div>

      {/* Header */}
      {/* Only the logo overlaps the cover: a long name wraps below it, never onto the cover. */}
      <div className="flex flex-col gap-4 px-2 sm:flex-row sm:items-start sm:px-6">
        <div className="relative -mt-10 flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border-4 border-white bg-white shadow">
          {provider.logo ? (
            <img src={provider.logo} alt={`${name} logo`} className="h-full w-full object-contain" />
          ) : (
            <Building2 className="h-10 w-10 text-slate-400" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 sm:pt-3">
          {editing === 'businessName' ? (
            <HeaderEditor
              provider={provider}
              saving={update.isPending}
              onCancel={() => setEditing(null)}
              onSave={(changes) => save(changes)}
            />
          ) : (
            <>
              <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <Badge>{providerTypeLabel(provider.type)}</Badge>
                {!provider.claimed && <Badge variant="warning">{M.unclaimedName}</Badge>}
                {canEdit && (
                  <Button size="sm" variant="ghost" onClick={() => setEditing('businessName')}>
                    Edit name and type
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:pt-3">
          {canEdit && (
            <ImageUploadButton providerId={provider.id} queryId={id} kind="logo" hasImage={Boolean(provider.logo)} />
          )}
          {user && !provider.claimApproved && user.id !== provider.userId && (
            <ClaimDialog providerId={provider.id} businessName={name} />
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
          <Button onClick={requestQuote}>Request Quote</Button>
        </div>
      </div>

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
          <Card>
            <div className="flex items-center justify-between p-6 pb-3">
              <h2 className="text-lg font-semibold">Associated Media</h2>
              {canEdit && (
                <Link to={`/providers/${pathId}/media`} className={buttonClasses('secondary', 'sm')}>
                  Manage files
                </Link>
              )}
            </div>
            <CardContent>
              {media.length === 0 ? (
                <p className="text-sm text-muted-foreground">No media files yet</p>
              ) : (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {media.map((f) => (
                    <li key={f.id}>
                      <a
                        href={f.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="block overflow-hidden rounded-md border border-border"
                      >
                        {f.type === 'image' ? (
                          <img
                            src={f.thumbnailUrl ?? f.url}
                            alt={f.title}
                            className="aspect-square w-full object-cover"
                          />
                        ) : (
                          <span className="flex aspect-square flex-col items-center justify-center gap-2 p-2 text-center text-xs">
                            <FileText className="h-8 w-8 text-slate-500" aria-hidden />
                            {f.title}
                          </span>
                        )}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {provider.mediaFiles.length > PROFILE_MEDIA_PREVIEW && (
                <Link
                  to={`/providers/${pathId}/media`}
                  className="mt-3 inline-block text-sm font-medium text-primary hover:underline"
                >
                  View All Files ({provider.mediaFiles.length})
                </Link>
              )}
            </CardContent>
          </Card>
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
              <LocationEditor
                initial={provider.location}
                saving={update.isPending}
                onSave={(location) => save({ location })}
              />
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
              <RadiusEditor value={provider.serviceRadius} onSave={saveRadius} />
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

function HeaderEditor({
  provider,
  saving,
  onSave,
  onCancel,
}: {
  provider: Provider;
  saving: boolean;
  onSave(c: UpdateProviderInput): void;
  onCancel(): void;
}) {
  const [businessName, setName] = useState(provider.businessName);
  const [type, setType] = useState(provider.type);
  const [error, setError] = useState<string | null>(null);
  const types = [
    ...new Set([...PROVIDER_FILTER_TYPES, ...PROVIDER_CREATE_TYPES, ...(provider.type ? [provider.type] : [])]),
  ].sort();
  return (
    <div className="space-y-2 rounded-lg bg-white p-3 shadow-sm">
      <label htmlFor="edit-business-name" className="text-sm font-medium">
        Business name
      </label>
      <Input
        id="edit-business-name"
        value={businessName}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={Boolean(error)}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <label htmlFor="edit-type" className="text-sm font-medium">
        Provider type
      </label>
      <Select id="edit-type" value={type} onChange={(e) => setType(e.target.value)}>
        <option value="">Unknown Type</option>
        {types.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Select>
      <div className="flex gap-2">
        <Button
          disabled={saving}
          onClick={() => {
            if (!businessName.trim()) return setError(M.businessNameRequired);
            onSave({ businessName: businessName.trim(), type });
          }}
        >
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function LocationEditor({
  initial,
  saving,
  onSave,
}: {
  initial: string;
  saving: boolean;
  onSave(location: string): void;
}) {
  const [value, setValue] = useState(hasKnownLocation(initial) ? initial : '');
  return (
    <div className="space-y-2">
      <LocationInput
        id="edit-location"
        label="Location"
        value={value}
        limit={1}
        onSelect={(s) => setValue(s.place_name)}
        onClear={() => setValue('')}
      />
      <Button disabled={saving || !value.trim()} onClick={() => onSave(value.trim())}>
        Save
      </Button>
    </div>
  );
}

/** Countrywide switch on → -1, off → 0; a typed number is saved at once (directory §4). */
function RadiusEditor({ value, onSave }: { value: number | null; onSave(radius: number): void }) {
  const countrywide = value === -1;
  const [typed, setTyped] = useState(value && value > 0 ? String(value) : '');
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <Switch id="countrywide" checked={countrywide} onCheckedChange={(on) => onSave(on ? -1 : 0)} />
        <label htmlFor="countrywide" className="text-sm">
          Countrywide coverage
        </label>
      </div>
      {!countrywide && (
        <div>
          <label htmlFor="radius-km" className="text-sm font-medium">
            Service radius (km)
          </label>
          <Input
            id="radius-km"
            type="number"
            min={0}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              const n = Number(e.target.value);
              if (e.target.value !== '' && Number.isFinite(n) && n >= 0) onSave(n);
            }}
          />
        </div>
      )}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">{children}</div>;
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6" aria-busy="true" aria-label="Loading provider">
      <Skeleton className="h-40 w-full sm:h-56" />
      <div className="flex gap-4">
        <Skeleton className="h-24 w-24" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-5 w-1/4" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
