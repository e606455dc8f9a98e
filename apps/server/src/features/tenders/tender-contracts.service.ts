import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import type { TenderContract } from '@solar/shared/contracts/tender-records';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatGBP, formatLongDate } from '@solar/shared/domain/format';
import { standstillEnd, standstillLastDay } from '@solar/shared/domain/tender-records';
import type { ResponseStanding } from '@solar/shared/domain/tender-scoring';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { insertEvent } from './tender-events.repository';
import { standingsOf } from './tender-evaluation.service';
import { renderLetter } from './tender-letters.pdf';
import { mayBeTold } from './tender-participants.service';
import { tenderRecordsMails as mails } from './tender-records.mail';
import { getTender, tenderForOwner } from './tender-read.service';
import * as responsesRepo from './tender-responses.repository';
import type { Executor } from './tenders.repository';
import * as repo from './tender-contracts.repository';

/**
 * The contract after an award (issue 27 part C): a standstill period the owner chooses at the
 * award, eight working days unless lengthened (decisions 0526, 0559), before the
 * owner may confirm it, and the award and regret letters with the owner's feedback and the
 * bidder's own scores (decisions 0527, 0557). Each party sees the state; the owner confirms.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env' | 'log'>;

/**
 * Written in the award's own transaction (tender-state.service.ts#awardTender): the standstill and
 * the feedback to each responder. `feedback` keys must be responses of this tender.
 */
export async function recordAward(tx: Executor, values: { tenderId: string; at: Date; days: number; feedback: Record<string, string>; responseIds: string[] }) {
  const known = new Set(values.responseIds);
  for (const key of Object.keys(values.feedback)) if (!known.has(key)) throw new AppError('BAD_REQUEST', LM.responseNotFound);
  const first = await repo.insertContract(tx, { tenderId: values.tenderId, awardedAt: values.at, days: values.days, endsAt: standstillEnd(values.at, values.days) });
  // Two awards at once: the second is refused and undone whole.
  if (!first) throw new AppError('CONFLICT', LM.notEditable);
  for (const [responseId, feedback] of Object.entries(values.feedback)) {
    if (feedback.trim()) await repo.insertFeedback(tx, { tenderId: values.tenderId, responseId, feedback: feedback.trim(), at: values.at });
  }
}

/** The lines the outcome mail adds for one responder: the standstill, the feedback, the letter's address. */
export function outcomeLines(at: Date, days: number, tenderId: string, responseId: string, feedback: string | undefined, publicUrl: string): string[] {
  const last = standstillLastDay(standstillEnd(at, days));
  return [
    `A standstill period of ${days} calendar days applies before the contract is confirmed; it ends at midnight at the end of ${last} (UK time).`,
    ...(feedback?.trim() ? ['', 'Feedback from the buyer:', feedback.trim()] : []),
    '',
    `Your letter (PDF, sign in to download): ${publicUrl}/api/tenders/${tenderId}/letters/${responseId}`,
  ];
}

async function lettersFor(ctx: Ctx, user: UserRow, tender: Tender) {
  const responses = await responsesRepo.listResponses(ctx.database, tender.id);
  const manager = tender.userId === user.id || user.isAdmin;
  return responses
    .filter((r) => manager || (r.owner_id != null && String(r.owner_id) === user.id))
    .map((r) => ({ responseId: String(r.id), kind: r.awarded ? ('award' as const) : ('regret' as const), provider: r.provider_name, record: r }));
}

function toContract(row: repo.ContractRecord, tender: Tender, user: UserRow, now: Date, letters: TenderContract['letters']): TenderContract {
  const endsAt = new Date(row.standstill_ends_at);
  return {
    state: row.confirmed_at ? 'confirmed' : 'standstill',
    awardedAt: toIsoTimestamp(row.awarded_at),
    standstillDays: Number(row.standstill_days),
    standstillEndsAt: endsAt.toISOString(),
    confirmedAt: toIsoTimestampOrNull(row.confirmed_at),
    canConfirm: tender.userId === user.id && !row.confirmed_at && endsAt.getTime() <= now.getTime(),
    letters,
  };
}

/**
 * The contract's state to the owner, admins and everyone taking part (the relation of decision
 * 0441); null before the award, and to the public, who read an awarded tender as closed.
 */
export async function getContract(ctx: Ctx, user: UserRow, id: string): Promise<TenderContract | null> {
  const tender = await getTender(ctx, id, user);
  if (!tender.viewerRelation || tender.stage !== 'awarded') return null;
  const row = await repo.findContract(ctx.database, id);
  if (!row) return null;
  const letters = (await lettersFor(ctx, user, tender)).map(({ record: _r, ...l }) => l);
  return toContract(row, tender, user, ctx.clock.now(), letters);
}

/** The owner confirms the contract once the standstill has ended by the server's clock; responders are told. */
export async function confirmContract(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'awarded') throw new AppError('CONFLICT', M.notAwarded);
  const row = await repo.findContract(ctx.database, id);
  if (!row) throw new AppError('CONFLICT', M.notAwarded);
  if (row.confirmed_at) throw new AppError('CONFLICT', M.alreadyConfirmed);
  const responders = (await responsesRepo.listResponses(ctx.database, id)).flatMap((r) =>
    r.owner_id && r.owner_email ? [{ id: String(r.owner_id), email: r.owner_email, name: r.owner_name ?? r.provider_name, won: r.awarded }] : [],
  );
  const told = await mayBeTold(ctx, id, responders);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    // Checked again where it is written: by the clock at commit, and once only.
    if (!(await repo.confirmContract(tx, id, user.id, now))) {
      throw new AppError('CONFLICT', new Date(row.standstill_ends_at).getTime() > now.getTime() ? M.standstillNotOver : M.alreadyConfirmed);
    }
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'contract-confirmed', subject: tender.award?.supplier ?? null, at: now });
    for (const to of told) await queueMail(tx, mails.contractConfirmed(to, tender, to.won, ctx.env.PUBLIC_URL), 'tender-contract-confirmed');
  });
  const letters = (await lettersFor(ctx, user, tender)).map(({ record: _r, ...l }) => l);
  return { message: M.contractConfirmed, data: toContract((await repo.findContract(ctx.database, id))!, tender, user, ctx.clock.now(), letters) };
}

/**
 * The letter's scores (decision 0557): this bidder's own, per criterion (the evaluators' average out
 * of 10 and what it earns of the criterion's weight), its weighted total and rank. Never another
 * bidder's scores, nor the evaluators' working comments: the buyer's feedback is the letter's words.
 */
export function scoreSection(criteria: ReadonlyArray<{ id: string; name: string; weight: number }>, standing: ResponseStanding | undefined, responses: number) {
  if (criteria.length === 0 || !standing) return [];
  const lines = criteria.map((c) => {
    const average = standing.averages[c.id];
    if (average == null) return `${c.name} (weight ${c.weight}%): not scored`;
    return `${c.name} (weight ${c.weight}%): ${average} out of 10, ${Math.round(c.weight * average * 10) / 100} of ${c.weight} points`;
  });
  lines.push(standing.total == null ? 'Weighted total: not every criterion was scored' : `Weighted total: ${standing.total} out of 100${standing.rank != null ? `, ranked ${standing.rank} of ${responses} responses` : ''}`);
  return [{ heading: 'Your scores against the evaluation criteria', lines }];
}

const price = (min: number, max: number) => (min === max ? formatGBP(min) : `${formatGBP(min)} to ${formatGBP(max)}`);

/** A letter as PDF: the owner and admins any, a responder only its own (others get the same 404 as for an unknown one). */
export async function openLetter(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const tender = await getTender(ctx, id, user);
  if (tender.stage !== 'awarded' || !isUuid(responseId)) throw new AppError('NOT_FOUND', M.letterNotFound);
  const letter = (await lettersFor(ctx, user, tender)).find((l) => l.responseId === responseId);
  const contract = await repo.findContract(ctx.database, id);
  if (!letter) throw new AppError('NOT_FOUND', M.letterNotFound);
  const feedback = (await repo.listFeedback(ctx.database, id)).get(responseId) ?? null;
  const r = letter.record;
  const all = await responsesRepo.listResponses(ctx.database, id);
  const { criteria, standings } = await standingsOf(ctx, id, all.map((x) => String(x.id)));
  const bytes = await renderLetter({
    kind: letter.kind,
    buyer: tender.organisationName || tender.user?.name || 'The buyer',
    tender: { id: tender.id, title: tender.title },
    provider: r.provider_name,
    winner: tender.award?.supplier ?? '',
    issuedOn: formatLongDate(contract?.awarded_at ?? tender.award?.date ?? ctx.clock.now()),
    standstill: contract ? { days: Number(contract.standstill_days), lastDay: standstillLastDay(contract.standstill_ends_at) } : null,
    response: {
      price: price(Number(r.price_minimum), Number(r.price_maximum)),
      leadTime: `${r.lead_time_days} ${r.lead_time_days === 1 ? 'day' : 'days'}`,
      submittedOn: formatLongDate(r.created_at),
    },
    feedback,
    extra: scoreSection(criteria, standings.get(responseId), standings.size),
  });
  const slug = r.provider_name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'response';
  return { bytes, filename: `${letter.kind === 'award' ? 'award-letter' : 'regret-letter'}-${slug}.pdf` };
}
