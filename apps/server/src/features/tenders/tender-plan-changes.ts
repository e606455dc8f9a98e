import type { Tender } from '@solar/shared/contracts/tenders';
import type { Db } from '../../db/client';
import type { AppContext } from '../../plugins/context';
import { tenderEvaluationMails as mails } from './tender-evaluation.mail';
import { insertEvent } from './tender-events.repository';
import { participantMails, queueAll } from './tender-participants.service';

/**
 * A change of a tender's evaluation plan, its criteria or its pricing schedule (decision 0555):
 * once published it is an entry in the History, and while the tender is open everyone with a stake
 * (invitees by account or, unredeemed, at their address; responders; those who said they intend to
 * respond; askers) is mailed what it is now and what it was, under the visibility rule. Nothing
 * when the plan is saved unchanged (the edit form sends it with every save). Both are written in
 * the change's own transaction.
 */

type Ctx = Pick<AppContext, 'database' | 'env'>;
export type PlanPart = 'criteria' | 'pricingSchedule';

export const criteriaLines = (criteria: ReadonlyArray<{ name: string; weight: number; description?: string | null }>) =>
  criteria.map((c) => `${c.name}: ${c.weight}%${c.description ? ` (${c.description})` : ''}`);

export const scheduleLines = (items: ReadonlyArray<{ description: string; quantity: number; unit: string; optional?: boolean }>) =>
  items.map((i) => `${i.description}: ${i.quantity} × ${i.unit}${i.optional ? ' (optional extra)' : ''}`);

/**
 * Read before the change's transaction (the recipients, as every lifecycle mail is); `record` then
 * writes the History entry and queues the mails inside it.
 */
export async function planChange(ctx: Ctx, tender: Tender, part: PlanPart, before: string[], after: string[]) {
  const changed = before.join('\n') !== after.join('\n');
  const published = tender.stage !== 'draft';
  const open = tender.stage === 'active' && tender.status === 'open';
  const messages = changed && open ? await participantMails(ctx, tender.id, (to) => mails.planChanged(to, tender, part, before, after, ctx.env.PUBLIC_URL)) : [];
  return {
    changed,
    record: async (tx: Db, actorId: string, at: Date) => {
      if (!changed || !published) return;
      await insertEvent(tx, {
        tenderId: tender.id,
        actorId,
        kind: part === 'criteria' ? 'criteria-changed' : 'pricing-schedule-changed',
        changes: { [part]: { from: before.join('; ') || null, to: after.join('; ') || null } },
        at,
      });
      await queueAll(tx, messages, 'tender-plan-changed');
    },
  };
}
