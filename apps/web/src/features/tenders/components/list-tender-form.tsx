import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loader2, Lock, Megaphone } from 'lucide-react';
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
import { LocationInput } from '../../../components/location-input';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { useCreateTender, type CreatedTender } from '../api/create-tender';
import { AuthRequiredDialog } from './auth-required-dialog';
import { InviteProviders } from './invite-providers';
import { ServiceCombobox } from './service-combobox';
import { TypeOption } from './tender-type-option';
import { TENDER_DEFAULT_OPEN_DAYS, TENDER_LIFECYCLE_MESSAGES } from '@solar/shared/constants/tender-lifecycle';
import { useUploadDocuments } from '../api/upload-tender-documents';
import { TenderBriefFields, type BriefState } from './tender-brief-fields';
import { fromLocalInput, parseEmails, toLocalInput } from './tender-owner-panel';

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
  brief: BriefState;
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
    brief: {
      title: '',
      closingDate: toLocalInput(new Date(Date.now() + TENDER_DEFAULT_OPEN_DAYS * 86_400_000).toISOString()),
      startDate: '',
      budgetMinimum: '',
      budgetMaximum: '',
      contactName: '',
      contactEmail: '',
      contactPhone: '',
      // From an asset's page: `?asset={id}&assetName={name}` (decision 0400).
      siteAssetId: /^\d{1,12}$/.test(params.get('asset') ?? '') ? params.get('asset')! : '',
      siteName: params.get('assetName')?.slice(0, 200) ?? '',
      inviteEmails: '',
      documents: [],
    },
  };
}

const EMPTY_PARAMS = new URLSearchParams();

/**
 * The List a Tender form (docs/product/tenders.md#list-a-tender): service, location, radius, start time and description;
 * open launches at once, private invites providers from the directory. `service`, `location`,
 * `lat` and `lng` in the address pre-fill it; the same schema as the server validates it.
 */
export function ListTenderForm({ onLaunched }: { onLaunched(tender: CreatedTender): void }) {
  const [params] = useSearchParams();
  const { data: me } = useMe();
  const [form, setForm] = useState<FormState>(() => initialState(params));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authOpen, setAuthOpen] = useState(false);
  const create = useCreateTender();
  const uploadDocuments = useUploadDocuments();
  const set = (changes: Partial<FormState>) => setForm((f) => ({ ...f, ...changes }));
  const invitedIds = Object.keys(form.invited);

  const place = (form.location.split(',')[0] ?? '').trim() || form.brief.siteName;
  const defaultTitle = form.service ? (place ? `${form.service} in ${place}` : form.service) : '';
  const setBrief = (changes: Partial<BriefState>) => {
    setForm((f) => ({ ...f, brief: { ...f.brief, ...changes } }));
    // A message goes once its field (or the other end of its range) is changed.
    const touched = Object.keys(changes);
    if (touched.some((k) => k === 'budgetMinimum' || k === 'budgetMaximum')) touched.push('budgetMinimum', 'budgetMaximum');
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k))));
  };

  const submit = (draft: boolean) => {
    const b = form.brief;
    const invites = parseEmails(b.inviteEmails);
    const closingDate = fromLocalInput(b.closingDate);
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
      ...(b.title.trim() && { title: b.title }),
      ...(closingDate && { closingDate }),
      ...(b.startDate && { startDate: b.startDate }),
      ...(b.budgetMinimum.trim() && { budgetMinimum: b.budgetMinimum.trim() }),
      ...(b.budgetMaximum.trim() && { budgetMaximum: b.budgetMaximum.trim() }),
      ...(b.siteAssetId && { siteAssetId: Number(b.siteAssetId) }),
      ...(b.contactName.trim() && { contactName: b.contactName }),
      ...(b.contactEmail.trim() && { contactEmail: b.contactEmail }),
      ...(b.contactPhone.trim() && { contactPhone: b.contactPhone }),
      inviteEmails: form.type === 'private' ? invites.emails : [],
      draft,
    };
    const parsed = createTenderBody.safeParse(body);
    const next: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
    // The server judges by its clock; the form says so first.
    if (closingDate && new Date(closingDate).getTime() <= Date.now()) next.closingDate = TENDER_LIFECYCLE_MESSAGES.closingInPast;
    if (!b.closingDate) next.closingDate = TENDER_LIFECYCLE_MESSAGES.closingInPast;
    if (form.type === 'private' && invites.invalid) next.inviteEmails = `Please enter a valid email address: ${invites.invalid}`;
    if (Object.keys(next).length > 0) {
      setErrors(next);
      if (next.service) toast({ title: TENDER_MESSAGES.serviceRequiredTitle, description: TENDER_MESSAGES.serviceRequired, variant: 'destructive' });
      return;
    }
    setErrors({});
    if (!me) {
      setAuthOpen(true);
      return;
    }
    const documents = b.documents;
    create.mutate(body, {
      onSuccess: (tender) => {
        onLaunched(tender);
        setForm(initialState(EMPTY_PARAMS));
        if (documents.length > 0) {
          // The tender exists either way; a refused document is said here and can be added again on its page.
          uploadDocuments.mutate({ id: tender.id, files: documents }, {
            onError: (error) => toast({ title: 'Documents not added', description: error.message, variant: 'destructive' }),
          });
        }
        toast(
          draft
            ? { title: 'Draft saved', description: TENDER_LIFECYCLE_MESSAGES.draftSaved, variant: 'success' }
            : {
                title: tender.type === 'private' ? 'Private tender launched' : 'Tender launched',
                description: tender.type === 'private' ? TENDER_MESSAGES.launchedPrivate : TENDER_MESSAGES.launchedOpen,
                variant: 'success',
              },
        );
        window.scrollTo({ top: 0 });
      },
      onError: (error) => toast({ title: TENDER_MESSAGES.submitFailed, description: error.message || TENDER_MESSAGES.submitFailed, variant: 'destructive' }),
    });
  };

  return (
    <>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit(false);
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

        <TenderBriefFields
          brief={form.brief}
          defaultTitle={defaultTitle}
          errors={errors}
          onChange={setBrief}
          // The same fields the asset page's link fills (decision 0407); invitations were chosen near the old place.
          onPickSite={
            me
              ? (site) => {
                  set({ location: site.location, latitude: site.latitude, longitude: site.longitude, invited: {} });
                  setBrief({ siteAssetId: site.asset, siteName: site.assetName });
                  setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'location')));
                }
              : undefined
          }
          showInviteEmails={form.type === 'private'}
        />

        {form.type === 'private' && (
          <InviteProviders
            service={form.service}
            location={form.location}
            latitude={form.latitude}
            longitude={form.longitude}
            radius={form.searchRadius}
            onWiden={(km) => set({ searchRadius: km })}
            invited={form.invited}
            error={errors.invitedProviders}
            onToggle={(provider) =>
              setForm((f) => {
                const invited = { ...f.invited };
                if (invited[provider.id]) delete invited[provider.id];
                else invited[provider.id] = { claimed: provider.claimApproved };
                return { ...f, invited };
              })
            }
          />
        )}

        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="lg" disabled={create.isPending} onClick={() => submit(true)}>
            Save as Draft
          </Button>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {form.type === 'private' ? 'Launch Private Tender' : 'Launch Tender'}
          </Button>
        </div>
      </form>
      <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} redirect="/list-a-tender" />
    </>
  );
}

