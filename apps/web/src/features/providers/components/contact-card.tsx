import { useState } from 'react';
import { Globe, Link2, Mail, Phone } from 'lucide-react';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import { optionalEmail, optionalUrl } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M, normaliseUrl } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SectionCard } from './profile-sections';

const LINKS = [
  { key: 'website', label: 'Website', icon: Globe },
  { key: 'linkedin', label: 'LinkedIn', icon: Link2 },
  { key: 'twitter', label: 'Twitter', icon: Link2 },
  { key: 'facebook', label: 'Facebook', icon: Link2 },
] as const;

type ContactKey = 'website' | 'phone' | 'email' | 'linkedin' | 'twitter' | 'facebook';

/** 'Contact Information' (docs/product/providers.md#contact-information): https:// prepended, tel and mailto links, or the empty text. */
export function ContactCard({
  provider,
  canEdit,
  editing,
  onEdit,
  onCancel,
  onSave,
  saving,
}: {
  provider: Provider;
  canEdit: boolean;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(changes: UpdateProviderInput): void;
  saving: boolean;
}) {
  const any = Boolean(
    provider.website || provider.phone || provider.email || provider.linkedin || provider.twitter || provider.facebook,
  );
  return (
    <SectionCard title="Contact Information" canEdit={canEdit} editing={editing} onEdit={onEdit} onCancel={onCancel}>
      {editing ? (
        <ContactForm provider={provider} onSave={onSave} saving={saving} />
      ) : !any ? (
        <p className="text-sm text-muted-foreground">{M.noContact}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {provider.website && (
            <li>
              <a
                href={normaliseUrl(provider.website)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 text-primary hover:underline"
              >
                <Globe className="h-4 w-4" aria-hidden /> {provider.website.replace(/^https?:\/\//, '')}
              </a>
            </li>
          )}
          {provider.phone && (
            <li>
              <a
                href={`tel:${provider.phone.replace(/\s+/g, '')}`}
                className="inline-flex items-center gap-2 text-primary hover:underline"
              >
                <Phone className="h-4 w-4" aria-hidden /> {provider.phone}
              </a>
            </li>
          )}
          {provider.email && (
            <li>
              <a
                href={`mailto:${provider.email}`}
                className="inline-flex items-center gap-2 text-primary hover:underline"
              >
                <Mail className="h-4 w-4" aria-hidden /> {provider.email}
              </a>
            </li>
          )}
          {LINKS.filter((l) => l.key !== 'website' && provider[l.key]).map(({ key, label, icon: Icon }) => (
            <li key={key}>
              <a
                href={normaliseUrl(provider[key]!)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 text-primary hover:underline"
              >
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function ContactForm({
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
      <Input
        id={`contact-${key}`}
        type={type}
        value={values[key]}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
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
