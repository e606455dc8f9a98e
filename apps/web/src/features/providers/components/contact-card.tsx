import { Suspense } from 'react';
import { Globe, Link2, Mail, Phone } from '../../../components/ui/icons';
import type { Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M, normaliseUrl } from '@solar/shared/constants/providers';
import { ContactForm } from './profile-lazy-parts';
import { SectionCard } from './profile-sections';

const LINKS = [
  { key: 'website', label: 'Website', icon: Globe },
  { key: 'linkedin', label: 'LinkedIn', icon: Link2 },
  { key: 'twitter', label: 'Twitter', icon: Link2 },
  { key: 'facebook', label: 'Facebook', icon: Link2 },
] as const;

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
        <Suspense fallback={null}>
          <ContactForm provider={provider} onSave={onSave} saving={saving} />
        </Suspense>
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
