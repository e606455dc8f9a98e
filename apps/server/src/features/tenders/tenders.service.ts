import type { CreateTenderBody, ListPublicTendersQuery } from '@solar/shared/contracts/tenders';
import { TENDER_MESSAGES, TENDER_PROVIDERS_PAGE_SIZE } from '@solar/shared/constants/tenders';
import type { z } from 'zod';
import type { createTenderBody } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { toTender } from './tenders.mapper';
import * as repo from './tenders.repository';

const DAY_MS = 86_400_000;
/** Decision 0178: a tender listed here takes offers for 30 days. */
export const LISTED_TENDER_OPEN_DAYS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log'>;

export async function listPublicTenders(ctx: Ctx, query: ListPublicTendersQuery) {
  const { rows, total } = await repo.listPublicTenders(ctx.database, query, ctx.clock.now());
  return {
    data: rows.map((row) => toTender(row)),
    pagination: { page: query.page, pages: Math.ceil(total / query.limit), total, limit: query.limit },
  };
}

/** 404 for unknown ids and for private tenders the caller may not see (spec README rulings). */
export async function getTender(ctx: Ctx, id: string, viewer: UserRow | null) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  const row = await repo.findVisibleTender(ctx.database, id, viewer && { id: viewer.id, isAdmin: viewer.isAdmin }, ctx.clock.now());
  if (!row) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  const mayManage = !!viewer && (viewer.isAdmin || viewer.id === row.user_id);
  return toTender(row, { invitedProviders: mayManage ? await repo.listInvitedProviderIds(ctx.database, id) : [] });
}

export async function listAllTenders(ctx: Ctx) {
  const rows = await repo.listAllTenders(ctx.database, ctx.clock.now());
  return rows.map((row) => toTender(row, { invitedProviders: (row.invited_providers ?? []).map(String) }));
}

/**
 * Launches a tender for the signed-in user (decision 0171: providers and representatives alike).
 * The owner comes from the session; a `userId` in the body is ignored. Invited providers must exist;
 * claimed ones' owners are emailed, unclaimed ones wait for an admin (the Waiting list).
 */
export async function createTender(ctx: Ctx, user: UserRow, body: z.output<typeof createTenderBody>) {
  const now = ctx.clock.now();
  const invited = body.type === 'private' ? [...new Set(body.invitedProviders)] : [];
  const place = body.location.split(',')[0]?.trim();
  const { id, providers } = await ctx.database.db.transaction(async (tx) => {
    const providers = await repo.findProvidersByIds(tx, invited);
    if (providers.length !== invited.length) throw new AppError('BAD_REQUEST', 'One or more invited providers no longer exist');
    const id = await repo.insertTender(
      tx,
      {
        userId: user.id,
        source: 'Solar Manager',
        type: body.type,
        service: body.service,
        title: body.title ?? (place ? `${body.service} in ${place}` : body.service),
        description: body.description,
        location: body.location || null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        searchRadius: body.searchRadius,
        startTimePreference: body.startTimePreference,
        publishedDate: now,
        closingDate: new Date(now.getTime() + LISTED_TENDER_OPEN_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      },
      invited,
    );
    return { id, providers };
  });
  await notifyInvitedOwners(ctx, id, body.service, providers, user);
  const created = await getTender(ctx, id, user);
  return { ...created, waitingListProviders: providers.filter((p) => !p.claim_approved || !p.owner_email).length };
}

async function notifyInvitedOwners(ctx: Ctx, tenderId: string, service: string, providers: repo.ProviderForInvite[], owner: UserRow) {
  const link = `${ctx.env.PUBLIC_URL}/tender/${tenderId}`;
  for (const provider of providers) {
    if (!provider.claim_approved || !provider.owner_email) continue;
    try {
      await ctx.mailer.send({
        to: provider.owner_email,
        subject: `You have been invited to a private tender: ${service}`.replace(/[\r\n]/g, ' '),
        text: [
          `Hello ${provider.owner_name ?? provider.business_name},`,
          '',
          `${owner.name} (${owner.company}) has invited ${provider.business_name} to a private tender for ${service}.`,
          '',
          `View the tender: ${link}`,
          '',
          'You can also find it under Tenders in your dashboard.',
        ].join('\n'),
      });
      await ctx.database.query('UPDATE tender_invitations SET notified_at = $3 WHERE tender_id = $1 AND provider_id = $2', [
        tenderId,
        provider.id,
        ctx.clock.now().toISOString(),
      ]);
    } catch (err) {
      ctx.log.error({ err, tenderId, providerId: provider.id }, 'tender invitation mail failed');
    }
  }
}

export async function listInvitableProviders(ctx: Ctx, query: { service: string; lat?: number; lng?: number; radius?: number; page: number }) {
  const limit = TENDER_PROVIDERS_PAGE_SIZE;
  const { rows, total } = await repo.listInvitableProviders(ctx.database, { ...query, limit });
  return {
    data: rows.map((r) => ({
      id: r.id,
      businessName: r.business_name,
      location: r.location,
      services: r.services,
      service_radius: r.service_radius == null ? null : Number(r.service_radius),
      claimed: r.claimed,
      claimApproved: r.claim_approved,
      distanceKm: r.distance_km == null ? null : Math.round(Number(r.distance_km) * 10) / 10,
    })),
    pagination: { page: query.page, pages: Math.ceil(total / limit), total, limit },
  };
}

export type { CreateTenderBody };
