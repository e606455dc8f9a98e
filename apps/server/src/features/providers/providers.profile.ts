import type { ProviderRow } from '../../db/schema/index';

/**
 * Pure profile rules shared by the service, the seeders and the scale generator.
 */

/** URL-safe slug from a business name; never one of the reserved words (docs/product/providers.md#provider). */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  if (!base) return 'provider';
  return base === 'new' || base === 'map' ? `${base}-provider` : base;
}

/** The first free slug among base, base-2, base-3 … given the taken ones. */
export function uniqueSlug(name: string, taken: (slug: string) => boolean): string {
  const base = slugify(name);
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

type CompletenessFields = Pick<
  ProviderRow,
  | 'description'
  | 'type'
  | 'services'
  | 'technologies'
  | 'scale'
  | 'phase'
  | 'certifications'
  | 'industryAssociations'
  | 'location'
  | 'latitude'
  | 'serviceRadius'
  | 'logo'
  | 'coverImage'
  | 'website'
  | 'phone'
  | 'email'
>;

/** Number of filled profile fields: the second key of the default server order (decision 0142). */
export function completenessOf(p: Partial<CompletenessFields>): number {
  const filled = [
    (p.description ?? '').trim().length > 0,
    (p.type ?? '').trim().length > 0,
    (p.services ?? []).length > 0,
    (p.technologies ?? []).length > 0,
    (p.scale ?? []).length > 0,
    (p.phase ?? []).length > 0,
    (p.certifications ?? []).length > 0,
    (p.industryAssociations ?? []).length > 0,
    (p.location ?? '').trim().length > 0,
    p.latitude !== null && p.latitude !== undefined,
    p.serviceRadius !== null && p.serviceRadius !== undefined && p.serviceRadius !== 0,
    Boolean(p.logo),
    Boolean(p.coverImage),
    Boolean(p.website),
    Boolean(p.phone),
    Boolean(p.email),
  ];
  return filled.filter(Boolean).length;
}
