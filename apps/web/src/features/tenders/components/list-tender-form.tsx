import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loader2, Lock, Megaphone } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import type { TenderEmailInvitation } from '@solar/shared/contracts/tender-lifecycle';
import {
  START_TIME_LABELS,
  START_TIME_OPTIONS,
  TENDER_MESSAGES,
  TENDER_RADIUS_OPTIONS_KM,
  type StartTimePreference,
} from '@solar/shared/constants/tenders';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { LocationInput } from '../../../components/location-input';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { useCreateTender, type CreatedTender } from '../api/create-tender';
import type { InvitedProviders } from '../api/list-tender-invited-providers';
import { useSiteProviders } from '../api/list-site-providers';
import { usePublishTender, usePublishTenderById } from '../api/publish-tender';
import { useUpdateTender } from '../api/update-tender';
import { useUploadDocuments } from '../api/upload-tender-documents';
import { createBody, editTenderState, newTenderState, updateBody, type BriefState, type TenderFormState } from '../state/tender-form';
import { AuthRequiredDialog } from './auth-required-dialog';
import { InviteProviders } from './invite-providers';
import { ServiceCombobox } from './service-combobox';
import { TenderBriefFields } from './tender-brief-fields';
import { TenderEvaluationPlanFields, useEvaluationPlan } from './tender-evaluation-plan-fields';
import { emptyPlan } from '../state/evaluation-plan';
import { TypeOption } from './tender-type-option';

/** A tender being edited, with who it invites now (issue 27 defect 1). */
export interface TenderBeingEdited {
  tender: Tender;
  invited: InvitedProviders;
  emails: TenderEmailInvitation[];
}

/**
 * The List a Tender form (docs/product/tenders.md#list-a-tender), also the edit of a tender in full
 * (decision 0447): service, place, radius, start time, description, type, the brief and who is
 * invited. A draft changes in every field; a published tender keeps its type and the providers it
 * has invited, and may invite more. The same schemas as the server check it.
 */
export function ListTenderForm({
  editing,
  onLaunched,
  onSaved,
}: {
  editing?: TenderBeingEdited;
  onLaunched?(tender: CreatedTender, draft: boolean): void;
  onSaved?(tender: Tender, published: boolean): void;
}) {
  const [params] = useSearchParams();
  const { data: me } = useMe();
  const contact = me ? { name: me.name, email: me.email, phone: me.phone } : null;
  const [form, setForm] = useState<TenderFormState>(() => (editing ? editTenderState(editing.tender, editing.invited) : newTenderState(params, Date.now(), contact)));
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries((editing?.invited ?? []).map((p) => [p.id, p.name])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authOpen, setAuthOpen] = useState(false);
  const create = useCreateTender();
  const update = useUpdateTender(editing?.tender.id ?? '');
  const publish = usePublishTender(editing?.tender.id ?? '');
  const publishNew = usePublishTenderById();
  const uploadDocuments = useUploadDocuments();
  // Criteria and the pricing schedule (issue 27 part B), saved after the tender itself.
  const plan = useEvaluationPlan(editing?.tender.id);
  const pending = create.isPending || update.isPending || publish.isPending || publishNew.isPending;
  const live = !!editing && editing.tender.stage !== 'draft';
  const locked = new Set(live ? editing.invited.map((p) => p.id) : []);
  const siteProviders = useSiteProviders(editing ? '' : form.brief.siteAssetId, !!me && form.type === 'private');
  const set = (changes: Partial<TenderFormState>) => setForm((f) => ({ ...f, ...changes }));

  // The contact person is whoever lists the tender, once the session is known (issue 27 defect 11).
  useEffect(() => {
    if (!me || editing) return;
    setForm((f) =>
      f.brief.contactName || f.brief.contactEmail ? f : { ...f, brief: { ...f.brief, contactName: me.name, contactEmail: me.email, contactPhone: me.phone ?? '' } },
    );
  }, [me, editing]);

  const place = (form.location.split(',')[0] ?? '').trim() || form.brief.siteName;
  const defaultTitle = form.service ? (place ? `${form.service} in ${place}` : form.service) : '';
  const setBrief = (changes: Partial<BriefState>) => {
    setForm((f) => ({ ...f, brief: { ...f.brief, ...changes } }));
    // A message goes once its field (or the other end of its range) is changed.
    const touched = Object.keys(changes);
    if (touched.some((k) => k === 'budgetMinimum' || k === 'budgetMaximum')) touched.push('budgetMinimum', 'budgetMaximum');
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k))));
  };
  const toggle = (provider: Pick<ProviderSummary, 'id' | 'claimApproved' | 'businessName'>) => {
    if (locked.has(provider.id)) return;
    setNames((n) => ({ ...n, [provider.id]: provider.businessName }));
    setForm((f) => {
      const invited = { ...f.invited };
      if (invited[provider.id]) delete invited[provider.id];
      else invited[provider.id] = { claimed: provider.claimApproved };
      return { ...f, invited };
    });
  };

  const refuse = (next: Record<string, string>) => {
    setErrors(next);
    if (next.service) toast({ title: TENDER_MESSAGES.serviceRequiredTitle, description: TENDER_MESSAGES.serviceRequired, variant: 'destructive' });
  };
  const planNotSaved = (error: Error) => toast({ title: 'Evaluation plan not saved', description: error.message, variant: 'destructive' });
  const upload = (id: string, documents: File[]) => {
    // The tender exists either way; a refused document is said here and can be added again on its page.
    if (documents.length > 0) {
      uploadDocuments.mutate({ id, files: documents }, { onError: (error) => toast({ title: 'Documents not added', description: error.message, variant: 'destructive' }) });
    }
  };
  const afterSave = (id: string, documents: File[]) => {
    void plan.save(id).catch(planNotSaved);
    upload(id, documents);
  };
  const failed = (error: Error) => toast({ title: TENDER_MESSAGES.submitFailed, description: error.message || TENDER_MESSAGES.submitFailed, variant: 'destructive' });

  const submitNew = (draft: boolean) => {
    const checked = createBody(form, draft, Date.now());
    const planErrors = plan.check();
    if (checked.errors || planErrors) return refuse({ ...checked.errors, ...planErrors });
    setErrors({});
    if (!me) return setAuthOpen(true);
    const documents = form.brief.documents;
    // A plan is part of what bidders are invited to: the tender is saved as a draft, its plan added,
    // then published, so the invitations carry it and nobody is told it "changed" (decision 0555).
    const withPlan = !draft && plan.hasContent();
    create.mutate(withPlan ? { ...checked.body, draft: true } : checked.body, {
      onSuccess: (created) => {
        if (!withPlan) {
          afterSave(created.id, documents);
          return launched(created, draft);
        }
        upload(created.id, documents);
        plan
          .save(created.id)
          .then(() => publishNew.mutateAsync(created.id))
          .then(
            (published) => launched({ ...created, ...published.data }, false),
            (error: Error) => {
              // Kept as a draft: the owner finds it under Tenders in the dashboard and publishes it there.
              toast({ title: 'Saved as a draft, not published', description: error.message, variant: 'destructive' });
              launched(created, true);
            },
          );
      },
      onError: failed,
    });
  };

  /** What the owner sees once a new tender is saved: launched, or kept as a draft. */
  const launched = (tender: CreatedTender, draft: boolean) => {
    onLaunched?.(tender, draft);
    setForm(newTenderState(new URLSearchParams(), Date.now(), contact));
    plan.setPlan(emptyPlan());
    toast(
      draft
        ? { title: 'Draft saved', description: M.draftSaved, variant: 'success' }
        : {
            title: tender.type === 'private' ? 'Private tender launched' : 'Tender launched',
            description: tender.type === 'private' ? TENDER_MESSAGES.launchedPrivate : TENDER_MESSAGES.launchedOpen,
            variant: 'success',
          },
    );
    window.scrollTo({ top: 0 });
  };

  const submitEdit = (andPublish: boolean) => {
    if (!editing) return;
    const checked = updateBody(form, Date.now());
    const planErrors = plan.check();
    if (checked.errors || planErrors) return refuse({ ...checked.errors, ...planErrors });
    setErrors({});
    const documents = form.brief.documents;
    update.mutate(checked.body, {
      onSuccess: (res) => {
        if (!andPublish) {
          afterSave(editing.tender.id, documents);
          toast({ title: live ? 'Changes saved' : 'Draft saved', description: live ? M.edited : M.draftSaved, variant: 'success' });
          return onSaved?.(res.data, false);
        }
        // The plan is saved on the draft before it is published (decision 0555).
        upload(editing.tender.id, documents);
        plan.save(editing.tender.id).then(
          () =>
            publish.mutate(undefined, {
              onSuccess: (published) => {
                toast({ title: 'Tender published', description: published.message, variant: 'success' });
                onSaved?.(published.data, true);
              },
              onError: (error) => setErrors({ form: error.message }),
            }),
          (error: Error) => setErrors({ form: error.message }),
        );
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };

  return (
    <>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (editing) submitEdit(false);
          else submitNew(false);
        }}
      >
        <Card className="grid gap-5 p-6">
          <Field id="tender-service" label="Service required" error={errors.service}>
            {(control) => (
              <ServiceCombobox
                {...control}
                value={form.service}
                onChange={(service) => {
                  set({ service });
                  if (service) setErrors((e) => ({ ...e, service: '' }));
                }}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
            <Field id="tender-location" label="Location" error={errors.location} hint="Where the work is: a town, city or postcode.">
              {(control) => (
                <LocationInput
                  {...control}
                  value={form.location}
                  placeholder="Town, city or postcode"
                  onSelect={(s) => set({ location: s.place_name, longitude: s.center[0], latitude: s.center[1] })}
                  onClear={() => set({ location: '', latitude: null, longitude: null })}
                />
              )}
            </Field>
            <Field id="tender-radius" label="Search radius">
              {(control) => (
                <Select {...control} value={form.searchRadius} onChange={(e) => set({ searchRadius: Number(e.target.value) })}>
                  {TENDER_RADIUS_OPTIONS_KM.map((km) => (
                    <option key={km} value={km}>
                      {km} km
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field id="tender-start" label="When do you need it to start?">
            {(control) => (
              <Select {...control} value={form.startTimePreference} onChange={(e) => set({ startTimePreference: e.target.value as StartTimePreference })}>
                {START_TIME_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {START_TIME_LABELS[option]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="tender-description" label="Description" error={errors.description} hint="The site, its size, the scope of work and anything providers should know.">
            {(control) => <Textarea {...control} rows={6} maxLength={5000} value={form.description} onChange={(e) => set({ description: e.target.value })} />}
          </Field>
        </Card>

        <fieldset className="grid gap-3 sm:grid-cols-2" disabled={live}>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            Tender type{live ? ' (a published tender stays as it was published)' : ''}
          </legend>
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
          // The same fields the asset page's link fills (decision 0407).
          onPickSite={
            me
              ? (site) => {
                  set({ location: site.location, latitude: site.latitude, longitude: site.longitude });
                  setBrief({ siteAssetId: site.asset, siteName: site.assetName });
                  setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'location')));
                }
              : undefined
          }
          showInviteEmails={form.type === 'private'}
          invitedEmails={editing?.emails}
        />

        <TenderEvaluationPlanFields plan={plan} errors={errors} />

        {form.type === 'private' && (
          <InviteProviders
            service={form.service}
            location={form.location}
            latitude={form.latitude}
            longitude={form.longitude}
            radius={form.searchRadius}
            onWiden={(km) => set({ searchRadius: km })}
            invited={form.invited}
            names={names}
            locked={locked}
            siteProviders={siteProviders.data}
            error={errors.invitedProviders}
            onToggle={toggle}
          />
        )}

        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          {!editing && (
            <>
              <Button variant="secondary" size="lg" disabled={pending} onClick={() => submitNew(true)}>
                Save as Draft
              </Button>
              <Button type="submit" size="lg" disabled={pending}>
                {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                {form.type === 'private' ? 'Launch Private Tender' : 'Launch Tender'}
              </Button>
            </>
          )}
          {editing && !live && (
            <>
              <Button type="submit" variant="secondary" size="lg" disabled={pending}>
                Save Draft
              </Button>
              <Button size="lg" disabled={pending} onClick={() => submitEdit(true)}>
                {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                Save and Publish
              </Button>
            </>
          )}
          {live && (
            <Button type="submit" size="lg" disabled={pending}>
              {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Save Changes
            </Button>
          )}
        </div>
      </form>
      <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} redirect="/list-a-tender" />
    </>
  );
}
