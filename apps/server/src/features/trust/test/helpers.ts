import { randomUUID } from 'node:crypto';
import { signedInUser, type TestApp } from '../../../../test/harness';

export const signIn = (t: TestApp, opts: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t, { name: 'Morgan Hartley', company: 'Trust Test Co', ...opts, email: opts.email ?? `trust-${randomUUID().slice(0, 8)}@example.com` });

export async function addProvider(t: TestApp, name: string, ownerId: string | null, extra: { website?: string; lat?: number; lng?: number; location?: string } = {}) {
  const [row] = await t.ctx.database.query<{ id: string; slug: string }>(
    `INSERT INTO providers (slug, business_name, location, latitude, longitude, services, user_id, claimed, claim_approved, website)
     VALUES ($1, $2, $3, $4, $5, ARRAY['Installation'], $6, $7, $7, $8) RETURNING id::text AS id, slug`,
    [`t-${randomUUID().slice(0, 8)}`, name, extra.location ?? 'Whitstable, Kent', extra.lat ?? 51.36, extra.lng ?? 1.03, ownerId, ownerId !== null, extra.website ?? null],
  );
  return row!;
}

/** A quote from `senderId` to the provider, replied to by its owner (the reply flow is tested in quotes). */
export async function repliedQuote(t: TestApp, providerId: string, senderId: string, hoursToReply = 5) {
  const created = new Date(t.ctx.clock.now().getTime() - 10 * 86_400_000);
  const [row] = await t.ctx.database.query<{ id: string }>(
    `INSERT INTO quotes (provider_id, sender_id, service, contact_name, contact_email, contact_phone, routed_to, status, reply_message, replied_at, created_at)
     VALUES ($1, $2, 'Installation', 'Sam', 'sam@example.com', '01234 567890', 'provider', 'responded', 'We can do it', $3, $4) RETURNING id::text AS id`,
    [providerId, senderId, new Date(created.getTime() + hoursToReply * 3_600_000), created],
  );
  return row!.id;
}

/** A tender of `ownerId` awarded to the provider's response (the award flow itself is the tender lifecycle's). */
export async function awardedTender(t: TestApp, ownerId: string, providerId: string, awardedAt = new Date('2026-03-12T10:00:00Z')) {
  const [tender] = await t.ctx.database.query<{ id: string }>(
    `INSERT INTO tenders (user_id, title, source, type, stage, closing_date, published_date) VALUES ($1, 'Rooftop PV for the depot', 'Solar Manager', 'open', 'active', $2, $2) RETURNING id::text AS id`,
    [ownerId, new Date('2026-02-01T00:00:00Z')],
  );
  const [response] = await t.ctx.database.query<{ id: string }>(
    `INSERT INTO tender_responses (tender_id, provider_id, message, price_minimum, price_maximum, lead_time_days) VALUES ($1, $2, 'We can', 1000, 2000, 10) RETURNING id::text AS id`,
    [tender!.id, providerId],
  );
  await t.ctx.database.query(`UPDATE tenders SET stage = 'awarded', awarded_response_id = $2 WHERE id = $1`, [tender!.id, response!.id]);
  await t.ctx.database.query(`INSERT INTO tender_events (tender_id, actor_id, kind, changes, created_at) VALUES ($1, $2, 'awarded', '{}', $3)`, [tender!.id, ownerId, awardedAt]);
  return tender!.id;
}
