import { REVIEW_LIMITS } from '@solar/shared/constants/trust';
import { providerIdentifiers } from '@solar/shared/domain/trust';
import type { ProviderTrust } from '@solar/shared/contracts/trust';
import type { ProviderRow } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import * as accreditations from './accreditations.repository';
import { toCompanyCheck } from './company-checks.service';
import { findCheck } from './company-checks.repository';
import { contractsOf } from './public-contracts.service';
import { listPublished } from './reviews.repository';
import { ratingSummary, repliesSince, responseTime } from './reviews.service';
import { trustFacts } from './trust-profile.repository';
import { toPublicAccreditation, toReview } from './trust.mapper';

/**
 * What a profile shows about trust (docs/product/trust.md): dated company checks, accreditations
 * in their states, the rating and newest reviews, the computed response time and public contracts.
 */
export async function providerTrust(ctx: Pick<AppContext, 'database' | 'clock'>, row: ProviderRow): Promise<ProviderTrust> {
  const db = ctx.database.db;
  // What there is first, in one statement; then only the reads that have something to find.
  const facts = await trustFacts(db, row.id, repliesSince(ctx.clock.now()));
  const withContracts = facts.hasConfirmedMatches || providerIdentifiers(row).length > 0;
  const [check, accreditationRows, reviews, contracts] = await Promise.all([
    row.companyNumber ? findCheck(db, row.id) : Promise.resolve(undefined),
    facts.hasAccreditations ? accreditations.listOfProvider(db, row.id) : Promise.resolve([]),
    facts.count ? listPublished(db, row.id, 1, REVIEW_LIMITS.onProfile) : Promise.resolve({ rows: [] }),
    withContracts ? contractsOf(db, row) : Promise.resolve({ contracts: [], total: 0 }),
  ]);
  return {
    companyNumber: row.companyNumber,
    companyCheck: toCompanyCheck(check),
    accreditations: accreditationRows.map(toPublicAccreditation),
    rating: ratingSummary(facts),
    reviews: reviews.rows.map(toReview),
    responseTime: responseTime(facts),
    publicContracts: contracts.contracts,
    publicContractCount: contracts.total,
    madeFromAward: row.source === 'award',
  };
}
