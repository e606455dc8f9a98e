import { randomUUID } from 'node:crypto';
import { insertTender } from '../tenders.repository';
import type { NewTenderRow } from '../../../db/schema/index';
import { signedInUser, type TestApp } from '../../../../test/harness';

export const signIn = (t: TestApp, opts: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t, { name: 'Tender Tester', company: 'Tender Test Co', type: 'representative', ...opts });

export async function addProvider(
  t: TestApp,
  values: { name: string; services: string[]; lat?: number | null; lng?: number | null; radius?: number | null; ownerId?: string; reviewedClaim?: boolean },
) {
  const [row] = await t.ctx.database.query<{ id: string }>(
    `INSERT INTO providers (slug, business_name, services, latitude, longitude, service_radius, user_id, claimed, claim_approved, location)
     VALUES ($1, $2, ARRAY(SELECT jsonb_array_elements_text($3::jsonb)), $4, $5, $6, $7, $8, $8, $9) RETURNING id::text AS id`,
    [
      `p-${randomUUID().slice(0, 8)}`,
      values.name,
      JSON.stringify(values.services),
      values.lat ?? null,
      values.lng ?? null,
      values.radius ?? null,
      values.ownerId ?? null,
      !!values.ownerId,
      values.name,
    ],
  );
  // An owner's claim reviewed and approved by the team: what makes a profile 'verified' (issue 27 defect 11).
  if (values.reviewedClaim && values.ownerId) {
    await t.ctx.database.query(
      `INSERT INTO provider_claims (provider_id, user_id, company_role, status, reviewed_at) VALUES ($1, $2, 'Director', 'approved', now())`,
      [row!.id, values.ownerId],
    );
  }
  return row!.id;
}

export async function addTender(t: TestApp, values: Partial<NewTenderRow> & { title: string }, invited: string[] = []) {
  return insertTender(t.ctx.database.db, { source: 'Solar Manager', type: 'open', description: '', ...values }, invited);
}
