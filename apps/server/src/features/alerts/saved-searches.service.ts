import type { z } from 'zod';
import {
  ALERT_MESSAGES as M,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_DIGEST_WEEKDAY,
  SAVED_SEARCH_LIMITS as L,
  TENDER_BOARD_OPEN_STAGES,
  type AlertFrequency,
  type SavedSearchKind,
} from '@solar/shared/constants/alerts';
import type { createSavedSearchBody, SavedSearch, SavedSearchMatch, TenderSearchCriteria, updateSavedSearchBody } from '@solar/shared/contracts/alerts';
import { nextDigestAt } from '@solar/shared/domain/uk-time';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { toSavedSearch, toSavedSearchMatch } from './alerts.mapper';
import * as repo from './saved-searches.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
type CreateInput = z.output<typeof createSavedSearchBody>;
type UpdateInput = z.output<typeof updateSavedSearchBody>;

/** When a search's next digest is due: daily and weekly ones at their UK hour; none for instant, off or paused. */
export function digestDue(frequency: AlertFrequency, hour: number, weekday: number, paused: boolean, now: Date): Date | null {
  if (paused || (frequency !== 'daily' && frequency !== 'weekly')) return null;
  return nextDigestAt(now, frequency, hour, weekday);
}

/** A tender search's criteria as the matcher's columns (decision 0471); other kinds match from their criteria. */
export function tenderColumns(kind: SavedSearchKind, criteria: unknown): repo.TenderMatchColumns {
  if (kind !== 'tenders') return repo.NO_TENDER_COLUMNS;
  const c = criteria as TenderSearchCriteria;
  const list = (values: string[]) => (values.length ? values : null);
  const located = c.lat !== undefined && c.lng !== undefined;
  return {
    keywords: c.keywords || null,
    service: c.service || null,
    cpv: list(c.cpv),
    regions: list(c.regions.map((r) => r.toLowerCase())),
    lat: located ? c.lat! : null,
    lng: located ? c.lng! : null,
    radiusKm: located ? (c.radiusKm ?? 50) : null,
    minValue: c.minValue ?? null,
    maxValue: c.maxValue ?? null,
    stages: list(c.stages),
    sources: list(c.sources),
    myProfiles: c.myProfiles,
  };
}

async function checkKeywords(tx: Db, kind: SavedSearchKind, criteria: unknown) {
  const keywords = kind === 'tenders' ? (criteria as TenderSearchCriteria).keywords : undefined;
  if (keywords && !(await repo.keywordsHaveWords(tx, keywords))) throw new AppError('BAD_REQUEST', M.keywordsNoWords);
}

export async function listSavedSearches(ctx: Ctx, user: UserRow): Promise<SavedSearch[]> {
  return (await repo.listSavedSearches(ctx.database, user.id)).map(toSavedSearch);
}

async function ownSearch(ctx: Ctx, db: Db, user: UserRow, id: string) {
  const row = isUuid(id) ? await repo.findSavedSearch(db, user.id, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** Saves a search from one of the four pages (decision 0471); at most L.perUser a user. */
export async function createSavedSearch(ctx: Ctx, user: UserRow, input: CreateInput): Promise<SavedSearch> {
  const now = ctx.clock.now();
  const hour = input.hour ?? DEFAULT_DIGEST_HOUR;
  const weekday = input.weekday ?? DEFAULT_DIGEST_WEEKDAY;
  const id = await ctx.database.db.transaction(async (tx) => {
    if ((await repo.countSavedSearches(tx, user.id)) >= L.perUser) throw new AppError('CONFLICT', M.tooMany(L.perUser));
    await checkKeywords(tx, input.kind, input.criteria);
    return repo.insertSavedSearch(
      tx,
      user.id,
      {
        name: input.name,
        kind: input.kind,
        criteria: input.criteria,
        frequency: input.frequency,
        hour,
        weekday,
        paused: false,
        nextDigestAt: digestDue(input.frequency, hour, weekday, false, now),
      },
      tenderColumns(input.kind, input.criteria),
      now,
    );
  });
  return toSavedSearch((await repo.findSavedSearch(ctx.database.db, user.id, id))!);
}

/** Renames, re-filters, reschedules, pauses or resumes one of the caller's searches; its kind stays. */
export async function updateSavedSearch(ctx: Ctx, user: UserRow, id: string, input: UpdateInput): Promise<SavedSearch> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await ownSearch(ctx, tx, user, id);
    if (row.kind !== input.kind) throw new AppError('BAD_REQUEST', 'A saved search keeps its kind: save a new search instead');
    const criteria = input.criteria ?? row.criteria;
    if (input.criteria) await checkKeywords(tx, row.kind, criteria);
    const frequency = input.frequency ?? row.frequency;
    const hour = input.hour ?? row.digest_hour;
    const weekday = input.weekday ?? row.digest_weekday;
    const paused = input.paused ?? row.paused;
    const scheduleChanged = frequency !== row.frequency || hour !== row.digest_hour || weekday !== row.digest_weekday || paused !== row.paused;
    await repo.updateSavedSearchRow(
      tx,
      row.id,
      {
        name: input.name ?? row.name,
        kind: row.kind,
        criteria,
        frequency,
        hour,
        weekday,
        paused,
        nextDigestAt: scheduleChanged ? digestDue(frequency, hour, weekday, paused, now) : row.next_digest_at ? new Date(row.next_digest_at) : digestDue(frequency, hour, weekday, paused, now),
      },
      tenderColumns(row.kind, criteria),
      now,
    );
  });
  return toSavedSearch((await repo.findSavedSearch(ctx.database.db, user.id, id))!);
}

export async function deleteSavedSearch(ctx: Ctx, user: UserRow, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteSavedSearchRow(ctx.database.db, user.id, id))) throw new AppError('NOT_FOUND', M.notFound);
}

/** The last matches of one of the caller's searches; tenders they may no longer see are left out (decision 0333). */
export async function listSavedSearchMatches(ctx: Ctx, user: UserRow, id: string): Promise<SavedSearchMatch[]> {
  const row = await ownSearch(ctx, ctx.database.db, user, id);
  const rows = await repo.listMatches(ctx.database.db, row.id, user.id, { limit: L.matchesShown });
  return rows.filter((m) => m.title !== null).map(toSavedSearchMatch);
}

/**
 * The Tenders tab's alert switch (decision 0180, now a saved search: decision 0471): on creates or
 * resumes the user's search of their profiles' services and area, mailed daily; off pauses it.
 */
export async function setProfilesAlert(ctx: Ctx, user: UserRow, enabled: boolean): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const existing = await repo.findProfilesSearch(tx, user.id);
    if (existing) {
      const row = (await repo.findSavedSearch(tx, user.id, existing.id))!;
      const frequency = enabled && row.frequency === 'off' ? 'daily' : row.frequency;
      await repo.updateSavedSearchRow(
        tx,
        row.id,
        {
          name: row.name,
          kind: row.kind,
          criteria: row.criteria,
          frequency,
          hour: row.digest_hour,
          weekday: row.digest_weekday,
          paused: !enabled,
          nextDigestAt: digestDue(frequency, row.digest_hour, row.digest_weekday, !enabled, now),
        },
        tenderColumns(row.kind, row.criteria),
        now,
      );
      return;
    }
    if (!enabled) return;
    const criteria = { cpv: [], regions: [], stages: [...TENDER_BOARD_OPEN_STAGES], sources: [], myProfiles: true };
    await repo.insertSavedSearch(
      tx,
      user.id,
      {
        name: 'Tenders for my services',
        kind: 'tenders',
        criteria,
        frequency: 'daily',
        hour: DEFAULT_DIGEST_HOUR,
        weekday: DEFAULT_DIGEST_WEEKDAY,
        paused: false,
        nextDigestAt: digestDue('daily', DEFAULT_DIGEST_HOUR, DEFAULT_DIGEST_WEEKDAY, false, now),
      },
      tenderColumns('tenders', criteria),
      now,
    );
  });
}
