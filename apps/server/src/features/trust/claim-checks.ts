import { inArray } from 'drizzle-orm';
import type { ClaimChecks } from '@solar/shared/contracts/trust';
import { domainsMatch, emailDomain, officerNamed, websiteDomain } from '@solar/shared/domain/trust';
import type { Db } from '../../db/client';
import { providerCompanyChecks, providers } from '../../db/schema/index';
import { toCompanyCheck } from './company-checks.service';

/**
 * What claim review shows beside each claim (issue 31, issue 28 item 8): the claimant's email domain
 * against the profile's website domain, and the profile's Companies House check with whether the
 * claimant is among the officers. Facts for the admin, not a decision.
 */
export async function claimChecksFor(db: Db, claims: Array<{ providerId: string; claimantName: string; claimantEmail: string }>): Promise<ClaimChecks[]> {
  const ids = [...new Set(claims.map((c) => c.providerId))];
  const [rows, checks] = ids.length
    ? await Promise.all([
        db.select({ id: providers.id, website: providers.website, companyNumber: providers.companyNumber }).from(providers).where(inArray(providers.id, ids)),
        db.select().from(providerCompanyChecks).where(inArray(providerCompanyChecks.providerId, ids)),
      ])
    : [[], []];
  return claims.map((c) => {
    const p = rows.find((r) => r.id === c.providerId);
    const check = p?.companyNumber ? checks.find((k) => k.providerId === c.providerId && k.companyNumber === p.companyNumber) : undefined;
    return {
      emailDomain: emailDomain(c.claimantEmail),
      websiteDomain: websiteDomain(p?.website),
      domainsMatch: domainsMatch(c.claimantEmail, p?.website),
      companyNumber: p?.companyNumber ?? null,
      companyCheck: toCompanyCheck(check),
      claimantOfficer: check?.checkedAt ? officerNamed(c.claimantName, check.officers) : null,
    };
  });
}
