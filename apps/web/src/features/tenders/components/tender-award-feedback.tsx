import { useState } from 'react';
import { TENDER_FEEDBACK_MAX, TENDER_STANDSTILL_MAX_DAYS, TENDER_STANDSTILL_MIN_DAYS } from '@solar/shared/constants/tender-records';
import { standstillDefaultDays, standstillEnd, standstillLastDay } from '@solar/shared/domain/tender-records';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { useAwardTender } from '../api/award-tender';
import { useTenderResponses } from '../api/list-tender-responses';

/**
 * The award dialog's body (decisions 0526, 0527, 0559): the standstill period the owner chooses,
 * with the day it ends in UK time, the owner's feedback to each responder, written into its award
 * or regret letter and outcome mail, and the award itself, in one call.
 */
export function AwardWithFeedback({ tenderId, winnerId, onDone, onError }: { tenderId: string; winnerId: string; onDone(): void; onError(message: string): void }) {
  const responses = useTenderResponses(tenderId);
  const award = useAwardTender(tenderId);
  const [feedback, setFeedback] = useState<Record<string, string>>({});
  // Eight working days from today (decision 0559), the owner may lengthen it.
  const [suggested] = useState(() => standstillDefaultDays(new Date(), TENDER_STANDSTILL_MIN_DAYS));
  const [days, setDays] = useState(suggested);
  // The end as the server will count it from an award now (the server's clock decides at the award).
  const lastDay = standstillLastDay(standstillEnd(new Date(), days));
  const list = [...(responses.data?.responses ?? [])].sort((a, b) => (a.id === winnerId ? -1 : b.id === winnerId ? 1 : 0));
  return (
    <form
      noValidate
      className="grid max-h-[60vh] gap-3 overflow-y-auto"
      onSubmit={(e) => {
        e.preventDefault();
        const given = Object.fromEntries(Object.entries(feedback).filter(([, text]) => text.trim()));
        award.mutate(
          { responseId: winnerId, feedback: given, standstillDays: days },
          {
            onSuccess: (res) => {
              onDone();
              toast({ title: 'Tender awarded', description: res.message, variant: 'success' });
            },
            onError: (err) => onError(err.message),
          },
        );
      }}
    >
      <Field
        id="award-standstill"
        label="Standstill period"
        hint={`Calendar days before you can confirm the contract, so unsuccessful bidders can raise concerns. ${suggested} days from today hold the eight working days of the Procurement Act 2023 (section 51); bank holidays are not counted, so lengthen it over Christmas, Easter or a bank holiday.`}
      >
        {(control) => (
          <Select {...control} value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
            {Array.from({ length: TENDER_STANDSTILL_MAX_DAYS - TENDER_STANDSTILL_MIN_DAYS + 1 }, (_, i) => TENDER_STANDSTILL_MIN_DAYS + i).map((n) => (
              <option key={n} value={n}>
                {n} calendar days
              </option>
            ))}
          </Select>
        )}
      </Field>
      <p className="text-sm text-slate-700" role="status">
        Ends at midnight at the end of {lastDay} (UK time). Bidders are told this date. Feedback (optional) goes into each responder’s letter.
      </p>
      {list.map((r) => {
        const id = `feedback-${r.id}`;
        return (
          <Field key={r.id} id={id} label={`Feedback to ${r.provider.name}${r.id === winnerId ? ' (winner)' : ''}`}>
            {(control) => <Textarea {...control} rows={2} maxLength={TENDER_FEEDBACK_MAX} value={feedback[r.id] ?? ''} onChange={(e) => setFeedback((f) => ({ ...f, [r.id]: e.target.value }))} />}
          </Field>
        );
      })}
      <div>
        <Button type="submit" disabled={award.isPending}>
          Award Tender
        </Button>
      </div>
    </form>
  );
}
