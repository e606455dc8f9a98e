import { COMPANIES_HOUSE_LIMITS as L, TRUST_MESSAGES as M } from '@solar/shared/constants/trust';
import type { CompanyCheck, ProviderCompany } from '@solar/shared/contracts/trust';
import { outwardCode } from '@solar/shared/domain/trust';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation } from '../../db/sql-helpers';
import type { Env } from '../../env';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { geocode } from '../geo/gazetteer';
import { requireEditableProvider, requireProvider } from '../providers/provider-access.service';
import type { ProviderRow } from '../providers/providers.repository';
import { createCompaniesHouseClient, type CompaniesHouseClient } from './companies-house.client';
import { activeOfficers, checkItems, companyFacts } from './company-checks';
import * as repo from './company-checks.repository';

/** Company checks (docs/product/trust.md#company-checks, decision 0481). */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env' | 'log'>;

/** One client per configuration, so its request window is shared by every caller of the process. */
const clients = new WeakMap<Env, CompaniesHouseClient>();
export function companiesHouseOf(env: Env): CompaniesHouseClient | null {
  if (!env.companiesHouse) return null;
  let client = clients.get(env);
  if (!client) clients.set(env, (client = createCompaniesHouseClient({ baseUrl: env.companiesHouse.url, apiKey: env.companiesHouse.apiKey })));
  return client;
}

export function toCompanyCheck(row: repo.CompanyCheckRow | undefined): CompanyCheck | null {
  if (!row) return null;
  return {
    companyNumber: row.companyNumber,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    companyName: row.company?.name ?? null,
    items: row.checkedAt ? row.checks : [],
    failure: row.failedAt && row.failure ? { at: row.failedAt.toISOString(), message: row.failure } : null,
  };
}

async function companyOf(ctx: Ctx, row: Pick<ProviderRow, 'id' | 'companyNumber' | 'pponId'>): Promise<ProviderCompany> {
  const check = row.companyNumber ? await repo.findCheck(ctx.database.db, row.id) : undefined;
  return { companyNumber: row.companyNumber, pponId: row.pponId, checksEnabled: Boolean(ctx.env.companiesHouse), check: toCompanyCheck(check) };
}

export async function getCompany(ctx: Ctx, user: UserRow, idOrSlug: string): Promise<ProviderCompany> {
  return companyOf(ctx, await requireEditableProvider(ctx, user, idOrSlug));
}

/** The owner (or an admin) sets the number; the company is checked at once when checks are set up. */
export async function updateCompany(ctx: Ctx, user: UserRow, idOrSlug: string, input: { companyNumber: string | null; pponId?: string | null }): Promise<ProviderCompany> {
  const row = await requireEditableProvider(ctx, user, idOrSlug);
  try {
    await ctx.database.db.transaction((tx) => repo.setCompanyIdentifiers(tx, row.id, input, ctx.clock.now()));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.companyNumberTaken);
    throw err;
  }
  const updated = await requireProvider(ctx, row.id);
  if (updated.companyNumber && ctx.env.companiesHouse && input.companyNumber !== row.companyNumber) await checkCompany(ctx, updated);
  return companyOf(ctx, updated);
}

/** An admin's 'Check now'. */
export async function recheckCompany(ctx: Ctx, idOrSlug: string): Promise<ProviderCompany> {
  const row = await requireProvider(ctx, idOrSlug);
  if (!row.companyNumber) throw new AppError('CONFLICT', M.companyNumberInvalid);
  if (!ctx.env.companiesHouse) throw new AppError('CONFLICT', M.companyChecksOff);
  await checkCompany(ctx, row);
  return companyOf(ctx, await requireProvider(ctx, row.id));
}

/**
 * Asks Companies House about the profile's company and saves the dated result. A company the
 * register does not have is a made check with one failed item; an answer that could not be had
 * (rate limit, an error, a body that is not the documented shape) is saved as what failed, keeping
 * the results of the check before it.
 */
export async function checkCompany(ctx: Ctx, row: ProviderRow, client = companiesHouseOf(ctx.env)): Promise<void> {
  if (!client || !row.companyNumber) return;
  const number = row.companyNumber;
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const failed = (failure: string) =>
    repo.saveCheck(db, { kind: 'failed', providerId: row.id, companyNumber: number, at: now, next: new Date(now.getTime() + L.retryFailedAfterMs), failure });
  const next = new Date(now.getTime() + L.recheckAfterMs);
  const profile = await client.company(number);
  if (!profile.ok) {
    if (profile.kind === 'not-found') {
      await repo.saveCheck(db, {
        kind: 'checked',
        providerId: row.id,
        companyNumber: number,
        at: now,
        next,
        checks: [{ key: 'exists', status: 'fail', label: 'No company with this number at Companies House', detail: number }],
        company: null,
        officers: [],
      });
    } else await failed(profile.message);
    return;
  }
  const officers = await client.officers(number);
  if (!officers.ok) return failed(officers.message);
  const insolvency = profile.data.has_insolvency_history ? await client.insolvency(number) : ({ ok: true, data: null } as const);
  if (!insolvency.ok) return failed(insolvency.message);
  const outward = outwardCode(profile.data.registered_office_address?.postal_code);
  const officeFeature = outward ? geocode(outward, { types: ['postcode'], limit: 1 })[0] : undefined;
  const checks = checkItems({
    profile: profile.data,
    officers: officers.data,
    insolvency: insolvency.data,
    provider: row,
    ownerName: row.claimApproved ? await repo.ownerName(db, row.userId) : null,
    officePoint: officeFeature ? { lng: officeFeature.center[0], lat: officeFeature.center[1] } : null,
  });
  await repo.saveCheck(db, {
    kind: 'checked',
    providerId: row.id,
    companyNumber: number,
    at: now,
    next,
    checks,
    company: companyFacts(profile.data),
    officers: activeOfficers(officers.data),
  });
}

/** The scheduled refresh: due checks, a few per run, within the client's request window. */
export async function runDueChecks(ctx: Ctx): Promise<number> {
  if (!ctx.env.companiesHouse) return 0;
  const due = await repo.dueForCheck(ctx.database.db, ctx.clock.now(), L.perRun);
  for (const { id } of due) {
    const row = await requireProvider(ctx, id);
    await checkCompany(ctx, row);
  }
  return due.length;
}
