import { useState } from 'react';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import { optionalEmail, optionalUrl } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

type ContactKey = 'website' | 'phone' | 'email' | 'linkedin' | 'twitter' | 'facebook';

/** Editing 'Contact Information': checked with the contract's URL and email rules (zod), so it loads only when opened. */
export function ContactForm({
  provider,
  onSave,
  saving,
}: {
  provider: Provider;
  onSave(changes: UpdateProviderInput): void;
  saving: boolean;
}) {
  const [values, setValues] = useState<Record<ContactKey, string>>({
    website: provider.website ?? '',
    phone: provider.phone ?? '',
    email: provider.email ?? '',
    linkedin: provider.linkedin ?? '',
    twitter: provider.twitter ?? '',
    facebook: provider.facebook ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<ContactKey, string>>>({});
  const save = () => {
    const next: Partial<Record<ContactKey, string>> = {};
    for (const key of ['website', 'linkedin', 'twitter', 'facebook'] as const) {
      const r = optionalUrl.safeParse(values[key]);
      if (!r.success) next[key] = M.invalidUrl;
    }
    if (!optionalEmail.safeParse(values.email).success) next.email = M.invalidEmail;
    setErrors(next);
    if (Object.keys(next).length === 0) onSave(values);
  };
  const field = (key: ContactKey, label: string, type = 'text') => (
    <Field id={`contact-${key}`} label={label} error={errors[key]}>
      {(control) => (
        <Input
          {...control}
          type={type}
          value={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        />
      )}
    </Field>
  );
  return (
    <div className="space-y-3">
      {field('website', 'Website')}
      {field('phone', 'Phone', 'tel')}
      {field('email', 'Email', 'email')}
      {field('linkedin', 'LinkedIn')}
      {field('twitter', 'Twitter')}
      {field('facebook', 'Facebook')}
      <Button onClick={save} disabled={saving}>
        Save
      </Button>
    </div>
  );
}
