import { TENDER_FILE_ACCEPT } from '@solar/shared/constants/tender-lifecycle';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import type { TenderEmailInvitation } from '@solar/shared/contracts/tender-lifecycle';
import { FileInput, Input, Textarea } from '../../../components/ui/input';
import type { BriefState } from '../state/tender-form';
import { SiteAssetPicker, type PickedSite } from './site-asset-picker';

/**
 * "More about the work (optional)": the additions to the spec's form. The title's placeholder is
 * the default the server will give; the closing date shows its default (30 days ahead).
 */
export function TenderBriefFields({
  brief,
  defaultTitle,
  errors,
  onChange,
  onPickSite,
  showInviteEmails,
  invitedEmails,
}: {
  brief: BriefState;
  defaultTitle: string;
  errors: Record<string, string>;
  onChange(changes: Partial<BriefState>): void;
  /** Given when the visitor is signed in (an asset's details need a login): shows the asset picker. */
  onPickSite?(site: PickedSite): void;
  showInviteEmails: boolean;
  /** Addresses already invited (editing a tender): listed, not typed again. */
  invitedEmails?: TenderEmailInvitation[];
}) {
  const err = (key: string) => errors[key] || undefined;
  return (
    <Card className="grid gap-5 p-6">
      <div>
        <h2 className="text-lg font-semibold">More about the work (optional)</h2>
        <p className="text-sm text-muted-foreground">Everything here has a sensible default; providers answer better with more to go on.</p>
      </div>
      <Field id="tender-title" label="Title" error={err('title')} hint={defaultTitle ? `If left empty: "${defaultTitle}"` : undefined}>
        {(control) => <Input {...control} maxLength={200} placeholder={defaultTitle} value={brief.title} onChange={(e) => onChange({ title: e.target.value })} />}
      </Field>
      {brief.siteAssetId ? null : onPickSite && <SiteAssetPicker onPick={onPickSite} />}
      {brief.siteAssetId && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
          <span>
            Site: <strong>{brief.siteName || `asset ${brief.siteAssetId}`}</strong> (its place and capacity are used)
          </span>
          <button type="button" className="text-primary underline" onClick={() => onChange({ siteAssetId: '', siteName: '' })}>
            Remove site
          </button>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="tender-closing" label="Closing date and time (UK time)" error={err('closingDate')} hint="UK time (London), whatever your device's time zone. Responses are accepted until then.">
          {(control) => <Input {...control} type="datetime-local" value={brief.closingDate} onChange={(e) => onChange({ closingDate: e.target.value })} />}
        </Field>
        <Field id="tender-start-date" label="Start date" error={err('startDate')}>
          {(control) => <Input {...control} type="date" value={brief.startDate} onChange={(e) => onChange({ startDate: e.target.value })} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="tender-budget-min" label="Budget from (£)" error={err('budgetMinimum')}>
          {(control) => <Input {...control} inputMode="decimal" value={brief.budgetMinimum} onChange={(e) => onChange({ budgetMinimum: e.target.value })} />}
        </Field>
        <Field id="tender-budget-max" label="Budget up to (£)" error={err('budgetMaximum')}>
          {(control) => <Input {...control} inputMode="decimal" value={brief.budgetMaximum} onChange={(e) => onChange({ budgetMaximum: e.target.value })} />}
        </Field>
      </div>
      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Contact person (email and phone are shown to signed-in users only)</legend>
        <Field id="tender-contact-name" label="Name" error={err('contactName')}>
          {(control) => <Input {...control} maxLength={100} value={brief.contactName} onChange={(e) => onChange({ contactName: e.target.value })} />}
        </Field>
        <Field id="tender-contact-email" label="Email" error={err('contactEmail')}>
          {(control) => <Input {...control} type="email" value={brief.contactEmail} onChange={(e) => onChange({ contactEmail: e.target.value })} />}
        </Field>
        <Field id="tender-contact-phone" label="Phone" error={err('contactPhone')}>
          {(control) => <Input {...control} type="tel" maxLength={40} value={brief.contactPhone} onChange={(e) => onChange({ contactPhone: e.target.value })} />}
        </Field>
      </fieldset>
      <Field id="tender-documents-new" label="Documents" error={err('documents')} hint="PDF, DOCX, XLSX or images; up to 10 files, 20 MB in all. Uploaded when the tender is saved.">
        {(control) => <FileInput {...control} multiple accept={TENDER_FILE_ACCEPT} onChange={(e) => onChange({ documents: [...(e.target.files ?? [])] })} />}
      </Field>
      {showInviteEmails && (
        <Field
          id="tender-invite-emails"
          label={invitedEmails?.length ? 'Invite more by email' : 'Invite by email'}
          error={err('inviteEmails')}
          hint="Providers not in the directory: one address per line, or separated by commas. Each gets a link to respond."
        >
          {(control) => <Textarea {...control} rows={2} value={brief.inviteEmails} onChange={(e) => onChange({ inviteEmails: e.target.value })} />}
        </Field>
      )}
      {showInviteEmails && invitedEmails && invitedEmails.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Invited by email</p>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {invitedEmails.map((i) => (
              <li key={i.id} className="flex flex-wrap justify-between gap-x-2">
                <span className="min-w-0 break-all">{i.email}</span>
                <span className="text-muted-foreground">{i.responded ? 'Responded' : i.accepted ? 'Link used' : 'Invited'}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
