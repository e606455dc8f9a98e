import { REVIEW_LIMITS } from '@solar/shared/constants/trust';
import type { ProviderTrust } from '@solar/shared/contracts/trust';
import type { ProviderRow } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import * as accreditations from './accreditations.repository';
import { toCompanyCheck } from './company-checks.service';
import { findCheck } from './company-checks.repository';
import { contractsOf } from './public-contracts.service';
import { listPublished } from './reviews.repository';
import { ratingSummary, responseTime } from './reviews.service';
import { toPublicAccreditation, toReview } from './trust.mapper';

/**
 * What a profile shows about trust (docs/product/trust.md): dated company checks, accreditations
 * in their states, the rating and newest reviews, the computed response time and public contracts.
 */
export async function providerTrust(ctx: Pick<AppContext, 'database' | 'clock'>, row: ProviderRow): Promise<ProviderTrust> {
  const db = ctx.database.db;
  const [check, accreditationRows, rating, reviews, response, contracts] = await Promise.all([
    row.companyNumber ? findCheck(db, row.id) : Promise.resolve(undefined),
    accreditations.listOfProvider(db, row.id),
    ratingSummary(db, row.id),
    listPublished(db, row.id, 1, REVIEW_LIMITS.onProfile),
    responseTime(db, row.id, ctx.clock.now()),
    contractsOf(db, row),
  ]);
  return {
    companyNumber: row.companyNumber,
    companyCheck: toCompanyCheck(check),
    accreditations: accreditationRows.map(toPublicAccreditation),
    rating,
    reviews: reviews.rows.map(toReview),
    responseTime: response,
    publicContracts: contracts.contracts,
    publicContractCount: contracts.total,
    madeFromAward: row.source === 'award',
  };
}
