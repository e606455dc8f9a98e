import { PUBLIC_CONTRACT_LIMITS as L, TRUST_MESSAGES as M } from '@solar/shared/constants/trust';
import type { Buyer, BuyerAward, PublicContract, SupplierSuggestion } from '@solar/shared/contracts/trust';
import { buyerSlug, providerIdentifiers, supplierIdentifier } from '@solar/shared/domain/trust';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { writeAudit } from '../admin/admin-audit.service';
import { requireProvider } from '../providers/provider-access.service';
import { completenessOf, slugify, uniqueSlug } from '../providers/providers.profile';
import * as providersRepo from '../providers/providers.repository';
import * as repo from './public-contracts.repository';

/** Public track record and buyer pages (docs/product/trust.md#public-contracts, decision 0483). */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log'>;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());
const DAY = 86_400_000;

export async function contractsOf(db: Db, p: { id: string; companyNumber: string | null; pponId: string | null }) {
  const rows = await repo.contractsOfProvider(db, p.id, providerIdentifiers(p), L.onProfile);
  const contracts: PublicContract[] = rows.map((r) => ({
    tenderId: r.tender_id,
    title: r.title,
    buyer: r.organisation_name && buyerSlug(r.organisation_name) ? { name: r.organisation_name, slug: buyerSlug(r.organisation_name)! } : null,
    value: num(r.award_value),
    awardedOn: iso(r.award_date),
    startsOn: iso(r.start_date),
    endsOn: iso(r.end_date),
    sourceUrl: r.notice_url,
    matchedBy: r.matched_by,
  }));
  return { contracts, total: rows[0]?.total ?? 0 };
}

const parseCandidates = (c: repo.SuggestionRow['candidates']) => (typeof c === 'string' ? (JSON.parse(c) as Exclude<typeof c, string>) : c);

export async function listSuggestions(ctx: Ctx, page: number) {
  const pageSize = 20;
  const rows = await repo.suggestions(ctx.database.db, page, pageSize);
  const total = rows[0]?.total ?? 0;
  const data: SupplierSuggestion[] = rows.map((r) => ({
    tenderId: r.tender_id,
    tenderTitle: r.title,
    buyerName: r.organisation_name,
    awardedOn: iso(r.award_date),
    value: num(r.award_value),
    supplierName: r.supplier_name,
    supplierId: r.supplier_id,
    candidates: parseCandidates(r.candidates).map((c) => ({ ...c, similarity: Number(c.similarity) })),
  }));
  return { success: true as const, data, pagination: { page, pages: Math.max(1, Math.ceil(total / pageSize)), total } };
}

async function requireSupplier(db: Db, tenderId: string, supplierName: string) {
  const tender = isUuid(tenderId) ? await repo.findAwardTender(db, tenderId) : undefined;
  if (!tender) throw new AppError('NOT_FOUND', M.matchNotFound);
  const supplier = (tender.award_suppliers ?? []).find((s) => typeof s.name === 'string' && s.name.trim() === supplierName);
  if (!supplier) throw new AppError('NOT_FOUND', M.supplierNotFound);
  return { tender, supplier };
}

/** An admin confirms (or rejects) that an award supplier is this profile: the only way a name ties them. */
export async function decideMatch(ctx: Ctx, admin: UserRow, input: { tenderId: string; supplierName: string; providerId: string; decision: 'confirm' | 'reject' }) {
  const db = ctx.database.db;
  const { tender } = await requireSupplier(db, input.tenderId, input.supplierName);
  const provider = await requireProvider(ctx, input.providerId);
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    await repo.saveMatch(tx, { tenderId: tender.id, supplierName: input.supplierName, providerId: provider.id, status: input.decision === 'confirm' ? 'confirmed' : 'rejected', decidedBy: admin.id, at: now });
    await writeAudit(tx, admin, now, {
      action: input.decision === 'confirm' ? 'award.match-confirm' : 'award.match-reject',
      targetType: 'award',
      targetId: tender.id,
      summary: `${admin.name} ${input.decision === 'confirm' ? 'confirmed' : 'rejected'} “${input.supplierName}” on “${tender.title}” as ${provider.businessName}`,
      after: { providerId: provider.id, supplierName: input.supplierName, decision: input.decision },
    });
  });
}

/**
 * An unclaimed profile made from an award supplier (decision 0483): named as the notice names it,
 * with the supplier's Companies House number or PPON when the notice gives one, labelled as made
 * from the award, and tied to that award.
 */
export async function createSupplierProfile(ctx: Ctx, admin: UserRow, input: { tenderId: string; supplierName: string }) {
  const db = ctx.database.db;
  const { tender, supplier } = await requireSupplier(db, input.tenderId, input.supplierName);
  const id = supplierIdentifier(supplier);
  const companyNumber = id?.startsWith('GB-COH-') ? id.slice(7) : null;
  const pponId = id?.startsWith('GB-PPON-') ? id.slice(8) : null;
  if (await providersRepo.findProviderByName(db, input.supplierName)) throw new AppError('CONFLICT', 'A profile with this name already exists: confirm the match to it instead');
  const now = ctx.clock.now();
  const description = `Made from a public award notice: ${tender.organisation_name ?? 'a public buyer'} awarded “${tender.title}” to ${input.supplierName}. This company has not claimed its profile.`;
  const taken = await providersRepo.slugsStartingWith(db, slugify(input.supplierName));
  try {
    return await db.transaction(async (tx) => {
      const row = await providersRepo.insertProvider(tx, {
        slug: uniqueSlug(input.supplierName, (s) => taken.has(s)),
        businessName: input.supplierName,
        description,
        location: '',
        source: 'award',
        sourceRef: tender.id,
        companyNumber,
        pponId,
        completeness: completenessOf({ description }),
        createdAt: now,
        updatedAt: now,
      });
      // Without an identifier the award is tied by this admin's decision.
      if (!companyNumber && !pponId) {
        await repo.saveMatch(tx, { tenderId: tender.id, supplierName: input.supplierName, providerId: row.id, status: 'confirmed', decidedBy: admin.id, at: now });
      }
      await writeAudit(tx, admin, now, {
        action: 'award.profile-create',
        targetType: 'provider',
        targetId: row.id,
        summary: `${admin.name} made an unclaimed profile for ${input.supplierName} from “${tender.title}”`,
        after: { tenderId: tender.id, companyNumber, pponId },
      });
      return { id: row.id, slug: row.slug, name: row.businessName };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'providers_company_number_key') || isUniqueViolation(err, 'providers_ppon_id_key')) throw new AppError('CONFLICT', M.companyNumberTaken);
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'A profile with this name already exists: confirm the match to it instead');
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Buyer pages
// ---------------------------------------------------------------------------------------------

export async function listBuyers(ctx: Ctx, page: number) {
  const pageSize = 50;
  const rows = await repo.listBuyers(ctx.database.db, page, pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    success: true as const,
    data: rows.map((r) => ({ slug: r.slug, name: r.name, notices: r.notices, awards: r.awards, awardedValue: Number(r.awarded_value) })),
    pagination: { page, pages: Math.max(1, Math.ceil(total / pageSize)), total },
  };
}

/** Extension options as the notice gives them: its lots' renewal descriptions. */
function extensionOptions(lots: repo.BuyerTenderRow['lots']): string | null {
  const words = [...new Set((lots ?? []).map((l) => (typeof l.renewal === 'string' ? l.renewal.trim() : '')).filter(Boolean))];
  return words.length ? words.join(' · ') : null;
}

const BUYER_SCAN = 2000;

/**
 * What a notice's awards come to, and each supplier's part of it: a notice may carry several
 * awards, each with its own value and suppliers, and an award's value is shared between its own
 * suppliers. A notice without per-award values counts its one award value, shared by all its suppliers.
 */
export function awardShares(r: Pick<repo.BuyerTenderRow, 'award_value' | 'award_suppliers' | 'notice_awards'>): { value: number | null; bySupplier: Map<string, number> } {
  const nameOf = (s: { name?: unknown }) => (typeof s.name === 'string' ? s.name.trim() : '');
  const bySupplier = new Map<string, number>();
  const share = (value: number, suppliers: Array<{ name?: unknown }>) => {
    const names = [...new Set(suppliers.map(nameOf).filter(Boolean))];
    for (const name of names) bySupplier.set(name, (bySupplier.get(name) ?? 0) + value / names.length);
  };
  const valued = (r.notice_awards ?? []).filter((a) => num(a.value as string | number | null) !== null);
  if (valued.length) {
    for (const a of valued) share(num(a.value as string | number | null)!, a.suppliers ?? []);
    return { value: valued.reduce((sum, a) => sum + num(a.value as string | number | null)!, 0), bySupplier };
  }
  const value = num(r.award_value);
  if (value !== null) share(value, r.award_suppliers ?? []);
  return { value, bySupplier };
}

/**
 * Awards as the buyer page shows them, each supplier linked to the profile holding its identifier
 * or confirmed by an admin (decision 0483); shared by the page and its awards export.
 */
export async function awardsOf(db: Db, awarded: repo.BuyerTenderRow[]): Promise<(r: repo.BuyerTenderRow) => BuyerAward> {
  const ids = [...new Set(awarded.flatMap((r) => (r.award_suppliers ?? []).map(supplierIdentifier).filter((x): x is string => Boolean(x))))];
  const [byIdentifier, confirmed] = await Promise.all([repo.providersByIdentifiers(db, ids), repo.confirmedMatchesOf(db, awarded.map((r) => r.id))]);
  const linkOf = (tenderId: string, s: { name?: unknown; id?: unknown; scheme?: unknown }) => {
    const id = supplierIdentifier(s);
    const p = id ? byIdentifier.find((x) => x.coh === id || x.ppon === id) : undefined;
    if (p) return { slug: p.slug, name: p.name };
    const m = confirmed.find((c) => c.tender_id === tenderId && c.supplier_name === String(s.name ?? '').trim());
    return m ? { slug: m.slug, name: m.name } : null;
  };
  return (r: repo.BuyerTenderRow): BuyerAward => ({
    tenderId: r.id,
    title: r.title,
    awardedOn: iso(r.award_date),
    value: awardShares(r).value,
    startsOn: iso(r.start_date),
    endsOn: iso(r.end_date),
    suppliers: (r.award_suppliers ?? [])
      .filter((s) => typeof s.name === 'string' && s.name.trim())
      .map((s) => ({ name: String(s.name).trim(), provider: linkOf(r.id, s) })),
    extensionOptions: extensionOptions(r.lots),
    sourceUrl: r.notice_url,
  });
}

export async function getBuyer(ctx: Ctx, slug: string): Promise<Buyer> {
  const db = ctx.database.db;
  const rows = await repo.buyerTenders(db, slug.toLowerCase(), BUYER_SCAN);
  if (rows.length === 0) throw new AppError('NOT_FOUND', M.buyerNotFound);
  const awarded = rows.filter((r) => r.stage === 'awarded');
  const toAward = await awardsOf(db, awarded);
  const suppliers = new Map<string, { name: string; awards: number; value: number; provider: { slug: string; name: string } | null }>();
  const years = new Map<number, { awards: number; value: number }>();
  for (const r of awarded) {
    const award = toAward(r);
    const shares = awardShares(r).bySupplier;
    for (const s of award.suppliers) {
      const key = s.provider?.slug ?? s.name.toLowerCase();
      const entry = suppliers.get(key) ?? { name: s.provider?.name ?? s.name, awards: 0, value: 0, provider: s.provider };
      entry.awards += 1;
      entry.value += shares.get(s.name) ?? 0;
      suppliers.set(key, entry);
    }
    const year = new Date(r.award_date ?? r.published_date).getUTCFullYear();
    const y = years.get(year) ?? { awards: 0, value: 0 };
    y.awards += 1;
    y.value += award.value ?? 0;
    years.set(year, y);
  }
  const now = ctx.clock.now().getTime();
  const horizon = now + 365 * DAY;
  const endingSoon = awarded
    .filter((r) => r.end_date && new Date(r.end_date).getTime() >= now && new Date(r.end_date).getTime() <= horizon)
    .sort((a, b) => new Date(a.end_date!).getTime() - new Date(b.end_date!).getTime())
    .map(toAward);
  const first = rows[0]!;
  return {
    slug: slug.toLowerCase(),
    name: first.organisation_name,
    website: rows.map((r) => r.contact_website).find(Boolean) ?? null,
    town: rows.map((r) => r.contact_town).find(Boolean) ?? null,
    notices: rows.length,
    awards: awarded.length,
    awardedValue: awarded.reduce((sum, r) => sum + (awardShares(r).value ?? 0), 0),
    recentNotices: rows.slice(0, L.buyerNotices).map((r) => ({
      id: r.id,
      title: r.title,
      stage: r.stage,
      publishedOn: iso(r.published_date)!,
      closingOn: iso(r.closing_date),
      value: num(r.value_maximum),
    })),
    awardList: awarded.slice(0, L.buyerAwards).map(toAward),
    suppliers: [...suppliers.values()].sort((a, b) => b.awards - a.awards || b.value - a.value).slice(0, 50).map((s) => ({ ...s, value: Math.round(s.value) })),
    totalsByYear: [...years.entries()].sort((a, b) => b[0] - a[0]).map(([year, v]) => ({ year, awards: v.awards, value: Math.round(v.value) })),
    endingSoon,
  };
}
