import { useState, type FormEvent } from 'react';
import { ExternalLink } from '../../../components/ui/icons';
import { DEFAULT_CONTRACTS, QUOTE_MESSAGES as M, contractUrl, type ContractType } from '@solar/shared/constants/quotes';
import { START_TIME_LABELS, START_TIME_OPTIONS, type StartTimePreference } from '@solar/shared/constants/tenders';
import { quoteFormSchema, type QuoteForm, type QuoteFormInput } from '@solar/shared/contracts/quotes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { AttachmentPicker } from './attachment-picker';

export const timePreferenceLabel = (value: string) => START_TIME_LABELS[value as StartTimePreference] ?? value;

export interface QuoteFormValues {
  form: QuoteForm;
  nda: File | null;
  scope: File | null;
}

type Errors = Partial<Record<keyof QuoteFormInput | 'nda' | 'scope', string>>;

/**
 * The quote request form (docs/product/quotes.md#quote-form: fields and rules). The same zod schema as the server checks
 * it; the server checks again, including the files' real types.
 */
export function QuoteRequestForm({
  initial,
  timePreferenceFixed,
  submitting,
  notice,
  onSubmit,
}: {
  initial: QuoteFormInput;
  /** Set from the address: shown read-only as 'Preferred Start Time' (docs/product/quotes.md#quote-page). */
  timePreferenceFixed: boolean;
  submitting: boolean;
  notice?: React.ReactNode;
  onSubmit(values: QuoteFormValues): void;
}) {
  const [values, setValues] = useState<QuoteFormInput>(initial);
  const [nda, setNda] = useState<File | null>(null);
  const [scope, setScope] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const set = <K extends keyof QuoteFormInput>(key: K, value: QuoteFormInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = quoteFormSchema.safeParse(values);
    const next: Errors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
    }
    if (values.requiresNDA && !nda) next.nda = M.ndaRequired;
    setErrors(next);
    if (!result.success || next.nda) {
      const first = Object.keys(next)[0];
      if (first && first !== 'selectedContract') document.getElementById(`quote-${first}`)?.focus();
      return;
    }
    onSubmit({ form: result.data, nda: values.requiresNDA ? nda : null, scope });
  };


  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {notice}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="quote-service" label="Service Type">
          {(control) => <Input {...control} value={values.service ?? ''} onChange={(e) => set('service', e.target.value)} placeholder="e.g. Panel Cleaning" maxLength={200} />}
        </Field>
        <Field id="quote-location" label="Location">
          {(control) => <Input {...control} value={values.location ?? ''} onChange={(e) => set('location', e.target.value)} placeholder="Site town or postcode" maxLength={200} />}
        </Field>
      </div>

      {timePreferenceFixed ? (
        <Field id="quote-timePreference" label={M.preferredStartTime}>
          {(control) => <Input {...control} value={timePreferenceLabel(values.timePreference ?? '')} readOnly className="bg-muted" />}
        </Field>
      ) : (
        <Field id="quote-timePreference" label={M.preferredStartTime}>
          {(control) => (
            <Select {...control} value={values.timePreference ?? ''} onChange={(e) => set('timePreference', e.target.value)}>
              <option value="">Not specified</option>
              {START_TIME_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {START_TIME_LABELS[option]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}

      <Field id="quote-description" label="Job Description" hint="What needs doing, where, the size of the site and anything the provider should know.">
        {(control) => <Textarea {...control} rows={5} value={values.description ?? ''} onChange={(e) => set('description', e.target.value)} maxLength={5000} />}
      </Field>

      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Your contact details</legend>
        <Field id="quote-name" label="Name" error={errors.name}>
          {(control) => <Input {...control} autoComplete="name" required value={values.name ?? ''} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field id="quote-email" label="Email" error={errors.email}>
          {(control) => <Input {...control} type="email" autoComplete="email" required value={values.email ?? ''} onChange={(e) => set('email', e.target.value)} />}
        </Field>
        <Field id="quote-phone" label="Phone" error={errors.phone}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" required value={values.phone ?? ''} onChange={(e) => set('phone', e.target.value)} />}
        </Field>
      </fieldset>

      <div className="grid gap-3 rounded-lg border border-border p-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="quote-requiresNDA" className="text-sm font-medium text-slate-900">
            Require a Non-Disclosure Agreement (NDA)
          </label>
          <Switch
            id="quote-requiresNDA"
            checked={Boolean(values.requiresNDA)}
            onCheckedChange={(checked) => {
              set('requiresNDA', checked);
              if (!checked) setErrors((e) => ({ ...e, nda: undefined }));
            }}
          />
        </div>
        {Boolean(values.requiresNDA) && (
          <div className="grid gap-1.5">
            <p className="text-sm text-muted-foreground">Upload the NDA you want the provider to sign.</p>
            <AttachmentPicker
              id="quote-nda"
              label="Upload NDA"
              file={nda}
              error={errors.nda}
              onChange={(file) => {
                setNda(file);
                setErrors((e) => ({ ...e, nda: undefined }));
              }}
              onError={(message) => setErrors((e) => ({ ...e, nda: message }))}
            />
          </div>
        )}
      </div>

      <div className="grid gap-3 rounded-lg border border-border p-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="quote-useDefaultContract" className="text-sm font-medium text-slate-900">
            Use a default contract
          </label>
          <Switch
            id="quote-useDefaultContract"
            checked={Boolean(values.useDefaultContract)}
            onCheckedChange={(checked) => {
              // Switching off clears the choice (docs/product/quotes.md#quote-form).
              setValues((v) => ({ ...v, useDefaultContract: checked, selectedContract: checked ? v.selectedContract : null }));
              setErrors((e) => ({ ...e, selectedContract: undefined }));
            }}
          />
        </div>
        {Boolean(values.useDefaultContract) && (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm text-muted-foreground">Choose the standard contract to propose. Preview it before you send.</legend>
            {DEFAULT_CONTRACTS.map((contract) => (
              <div key={contract.value} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
                <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <input
                    type="radio"
                    name="selectedContract"
                    value={contract.value}
                    checked={values.selectedContract === contract.value}
                    onChange={() => set('selectedContract', contract.value as ContractType)}
                    className="h-4 w-4 accent-[var(--color-primary)]"
                  />
                  {contract.label}
                </label>
                <a
                  href={contractUrl(contract.value)!}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                >
                  Preview PDF<span className="sr-only"> of the {contract.label} (opens in a new tab)</span>
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
              </div>
            ))}
            {errors.selectedContract && (
              <div id="quote-selectedContract-error">
                <Alert title={errors.selectedContract} />
              </div>
            )}
          </fieldset>
        )}
      </div>

      <div className="grid gap-1.5">
        <p className="text-sm font-medium text-slate-800">Scope of work (optional)</p>
        <AttachmentPicker
          id="quote-scope"
          label="Upload scope of work"
          file={scope}
          error={errors.scope}
          onChange={(file) => {
            setScope(file);
            setErrors((e) => ({ ...e, scope: undefined }));
          }}
          onError={(message) => setErrors((e) => ({ ...e, scope: message }))}
        />
      </div>

      <div className="flex flex-wrap justify-end gap-3">
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send Quote Request'}
        </Button>
      </div>
    </form>
  );
}
