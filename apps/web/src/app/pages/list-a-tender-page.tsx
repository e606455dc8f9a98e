import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, Info, Loader2, Lock, Megaphone } from 'lucide-react';
import { createTenderBody } from '@solar/shared/contracts/tenders';
import {
  DEFAULT_START_TIME,
  DEFAULT_TENDER_RADIUS_KM,
  START_TIME_LABELS,
  START_TIME_OPTIONS,
  TENDER_MESSAGES,
  TENDER_RADIUS_OPTIONS_KM,
  type StartTimePreference,
  type TenderType,
} from '@solar/shared/constants/tenders';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/session/get-me';
import { LocationInput } from '../../components/location-input';
import { ProviderCard } from '../../components/provider-card';
import { useCreateTender, type CreatedTender } from '../../features/tenders/api/create-tender';
import { useInvitableProviders } from '../../features/tenders/api/list-invitable-providers';
import { AuthRequiredDialog } from '../../features/tenders/components/auth-required-dialog';
import { ServiceCombobox } from '../../features/tenders/components/service-combobox';

interface FormState {
  service: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  searchRadius: number;
  startTimePreference: StartTimePreference;
  description: string;
  type: TenderType;
  invited: Record<string, { claimed: boolean }>;
}

const coordinate = (value: string | null, min: number, max: number) => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};

function initialState(params: URLSearchParams): FormState {
  const latitude = coordinate(params.get('lat'), -90, 90);
  const longitude = coordinate(params.get('lng'), -180, 180);
  const located = latitude !== null && longitude !== null;
  return {
    service: params.get('service')?.slice(0, 200) ?? '',
    location: located ? (params.get('location')?.slice(0, 200) ?? '') : '',
    latitude: located ? latitude : null,
    longitude: located ? longitude : null,
    searchRadius: DEFAULT_TENDER_RADIUS_KM,
    startTimePreference: DEFAULT_START_TIME,
    description: '',
    type: 'open',
    invited: {},
  };
}

const EMPTY_PARAMS = new URLSearchParams();

/**
 * List a Tender (/list-a-tender, accounts §2): service, location, radius, start time and
 * description; open launches at once, private invites providers from the directory 10 at a time.
 * `service`, `location`, `lat` and `lng` in the address pre-fill the form.
 */
export function ListATenderPage() {
  const [params] = useSearchParams();
  const { data: me } = useMe();
  const [form, setForm] = useState<FormState>(() => initialState(params));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authOpen, setAuthOpen] = useState(false);
  const [launched, setLaunched] = useState<CreatedTender | null>(null);
  const create = useCreateTender();
  const set = (changes: Partial<FormState>) => setForm((f) => ({ ...f, ...changes }));
  const invitedIds = Object.keys(form.invited);
  const unclaimedInvited = Object.values(form.invited).filter((p) => !p.claimed).length;
  const located = form.latitude !== null && form.longitude !== null;
  const providers = useInvitableProviders(
    { service: form.service, lat: form.latitude ?? undefined, lng: form.longitude ?? undefined, radius: form.searchRadius },
    form.type === 'private',
  );
  const providerList = providers.data?.pages.flatMap((p) => p.data) ?? [];
  const totalProviders = providers.data?.pages[0]?.pagination.total ?? 0;

  const submit = () => {
    const body = {
      service: form.service,
      location: form.location,
      latitude: form.latitude,
      longitude: form.longitude,
      searchRadius: form.searchRadius,
      startTimePreference: form.startTimePreference,
      description: form.description,
      type: form.type,
      invitedProviders: form.type === 'private' ? invitedIds : [],
    };
    const parsed = createTenderBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      if (next.service) toast({ title: TENDER_MESSAGES.serviceRequiredTitle, description: TENDER_MESSAGES.serviceRequired, variant: 'destructive' });
      return;
    }
    setErrors({});
    if (!me) {
      setAuthOpen(true);
      return;
    }
    create.mutate(body, {
      onSuccess: (tender) => {
        setLaunched(tender);
        setForm(initialState(EMPTY_PARAMS));
        toast({
          title: tender.type === 'private' ? 'Private tender launched' : 'Tender launched',
          description: tender.type === 'private' ? TENDER_MESSAGES.launchedPrivate : TENDER_MESSAGES.launchedOpen,
          variant: 'success',
        });
        window.scrollTo({ top: 0 });
      },
      onError: (error) => toast({ title: TENDER_MESSAGES.submitFailed, description: error.message || TENDER_MESSAGES.submitFailed, variant: 'destructive' }),
    });
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">List a Tender</h1>
        <p className="mt-2 text-slate-700">Tell providers what you need. Open tenders appear on the tender board; private tenders go only to the providers you invite.</p>
      </header>

      {launched && (
        <Card className="mb-6 flex flex-col gap-2 border-emerald-300 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between" role="status">
          <div className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
            <div>
              <p className="font-semibold text-emerald-900">{launched.type === 'private' ? 'Private tender launched' : 'Tender launched'}</p>
              <p className="text-sm text-emerald-900">
                {launched.type === 'private' ? TENDER_MESSAGES.launchedPrivate : TENDER_MESSAGES.launchedOpen}
                {launched.waitingListProviders > 0 &&
                  ` ${launched.waitingListProviders} unclaimed provider${launched.waitingListProviders === 1 ? ' is' : 's are'} on our waiting list: our team will contact them.`}
              </p>
            </div>
          </div>
          <Link to={`/tender/${launched.id}`} className="shrink-0 text-sm font-semibold text-emerald-900 underline">
            View your tender
          </Link>
        </Card>
      )}

      <form
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Card className="grid gap-5 p-6">
          <Field id="tender-service" label="Service required" error={errors.service}>
            <ServiceCombobox
              id="tender-service"
              value={form.service}
              onChange={(service) => {
                set({ service, invited: {} });
                if (service) setErrors((e) => ({ ...e, service: '' }));
              }}
              invalid={!!errors.service}
              describedBy={errors.service ? 'tender-service-error' : undefined}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
            <Field id="tender-location" label="Location" error={errors.location} hint="Where the work is: a town, city or postcode.">
              <LocationInput
                id="tender-location"
                value={form.location}
                placeholder="Town, city or postcode"
                onSelect={(s) => set({ location: s.place_name, longitude: s.center[0], latitude: s.center[1], invited: {} })}
                onClear={() => set({ location: '', latitude: null, longitude: null, invited: {} })}
                invalid={!!errors.location}
              />
            </Field>
            <Field id="tender-radius" label="Search radius">
              <Select id="tender-radius" value={form.searchRadius} onChange={(e) => set({ searchRadius: Number(e.target.value), invited: {} })}>
                {TENDER_RADIUS_OPTIONS_KM.map((km) => (
                  <option key={km} value={km}>
                    {km} km
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field id="tender-start" label="When do you need it to start?">
            <Select id="tender-start" value={form.startTimePreference} onChange={(e) => set({ startTimePreference: e.target.value as StartTimePreference })}>
              {START_TIME_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {START_TIME_LABELS[option]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="tender-description" label="Description" error={errors.description} hint="The site, its size, the scope of work and anything providers should know.">
            <Textarea id="tender-description" rows={6} maxLength={5000} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
        </Card>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Tender type</legend>
          <TypeOption
            checked={form.type === 'open'}
            onChange={() => set({ type: 'open' })}
            icon={<Megaphone className="h-5 w-5" aria-hidden />}
            title="Open tender"
            text="Launches immediately on the public tender board for every provider to see."
          />
          <TypeOption
            checked={form.type === 'private'}
            onChange={() => set({ type: 'private' })}
            icon={<Lock className="h-5 w-5" aria-hidden />}
            title="Private tender"
            text="Only the providers you invite can see it."
          />
        </fieldset>

        {form.type === 'private' && (
          <section aria-labelledby="invite-heading" className="space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="invite-heading" className="text-xl font-semibold">
                Invite providers
              </h2>
              <p className="text-sm text-slate-700" role="status">
                {invitedIds.length} selected
              </p>
            </div>
            {errors.invitedProviders && (
              <p role="alert" className="text-sm text-destructive">
                {errors.invitedProviders}
              </p>
            )}
            {!form.service ? (
              <Card className="p-6 text-sm text-slate-700">Choose a service to see the providers who offer it.</Card>
            ) : providers.isPending ? (
              <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading providers...
              </div>
            ) : providers.isError ? (
              <Card className="p-6 text-sm text-destructive" role="alert">
                Failed to fetch providers. {providers.error.message}
              </Card>
            ) : providerList.length === 0 ? (
              <Card className="p-6 text-sm text-slate-700">
                No providers offer {form.service}
                {located ? ` within ${form.searchRadius} km of ${form.location.split(',')[0]}` : ''}. Try a wider radius or another service.
              </Card>
            ) : (
              <>
                <p className="text-sm text-slate-700">
                  {totalProviders} provider{totalProviders === 1 ? '' : 's'} offer {form.service}
                  {located ? ` within ${form.searchRadius} km of ${form.location.split(',')[0]}` : ' across the UK'} (countrywide providers included).
                </p>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {providerList.map((provider) => (
                    <li key={provider.id}>
                      <ProviderCard
                        provider={provider}
                        currentUserId={me?.id ?? null}
                        showUnclaimed
                        signInRedirect="/list-a-tender"
                        tender={{
                          selected: !!form.invited[provider.id],
                          onToggle: (id) =>
                            setForm((f) => {
                              const invited = { ...f.invited };
                              if (invited[id]) delete invited[id];
                              else invited[id] = { claimed: provider.claimApproved };
                              return { ...f, invited };
                            }),
                        }}
                      />
                    </li>
                  ))}
                </ul>
                {providers.hasNextPage && (
                  <div className="flex justify-center">
                    <Button variant="secondary" onClick={() => void providers.fetchNextPage()} disabled={providers.isFetchingNextPage}>
                      {providers.isFetchingNextPage ? 'Loading...' : 'Load More'}
                    </Button>
                  </div>
                )}
              </>
            )}
            {unclaimedInvited > 0 && (
              <Card className="flex items-start gap-2 border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" role="note">
                <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <p>
                  {unclaimedInvited} of the providers you invited {unclaimedInvited === 1 ? 'has' : 'have'} not claimed {unclaimedInvited === 1 ? 'its' : 'their'}{' '}
                  profile yet. Your invitation goes to our waiting list and our team will contact {unclaimedInvited === 1 ? 'it' : 'them'} for you.
                </p>
              </Card>
            )}
          </section>
        )}

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {form.type === 'private' ? 'Launch Private Tender' : 'Launch Tender'}
          </Button>
        </div>
      </form>
      <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} redirect="/list-a-tender" />
    </div>
  );
}

function TypeOption({ checked, onChange, icon, title, text }: { checked: boolean; onChange(): void; icon: ReactNode; title: string; text: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 shadow-sm transition',
        checked ? 'border-primary ring-2 ring-primary/30' : 'border-border hover:border-primary/50',
      )}
    >
      <input type="radio" name="tender-type" className="mt-1 h-4 w-4 accent-[var(--color-primary)]" checked={checked} onChange={onChange} />
      <span className="grid gap-1">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          {icon}
          {title}
        </span>
        <span className="text-sm text-slate-700">{text}</span>
      </span>
    </label>
  );
}
