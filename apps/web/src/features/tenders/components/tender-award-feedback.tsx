import { useState } from 'react';
import { TENDER_FEEDBACK_MAX, TENDER_STANDSTILL_DAYS } from '@solar/shared/constants/tender-records';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useAwardTender } from '../api/award-tender';
import { useTenderResponses } from '../api/list-tender-responses';

/**
 * The award dialog's body (decisions 0526, 0527): the owner's feedback to each responder, written
 * into its award or regret letter and outcome mail, and the award itself, in one call.
 */
export function AwardWithFeedback({ tenderId, winnerId, onDone, onError }: { tenderId: string; winnerId: string; onDone(): void; onError(message: string): void }) {
  const responses = useTenderResponses(tenderId);
  const award = useAwardTender(tenderId);
  const [feedback, setFeedback] = useState<Record<string, string>>({});
  const list = [...(responses.data?.responses ?? [])].sort((a, b) => (a.id === winnerId ? -1 : b.id === winnerId ? 1 : 0));
  return (
    <form
      noValidate
      className="grid max-h-[60vh] gap-3 overflow-y-auto"
      onSubmit={(e) => {
        e.preventDefault();
        const given = Object.fromEntries(Object.entries(feedback).filter(([, text]) => text.trim()));
        award.mutate(
          { responseId: winnerId, feedback: given },
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
      <p className="text-sm text-slate-700">
        A standstill period of {TENDER_STANDSTILL_DAYS} calendar days follows before you can confirm the contract. Feedback (optional) goes into each responder’s letter.
      </p>
      {list.map((r) => {
        const id = `feedback-${r.id}`;
        return (
          <Field key={r.id} id={id} label={`Feedback to ${r.provider.name}${r.id === winnerId ? ' (winner)' : ''}`}>
            <Textarea id={id} rows={2} maxLength={TENDER_FEEDBACK_MAX} value={feedback[r.id] ?? ''} onChange={(e) => setFeedback((f) => ({ ...f, [r.id]: e.target.value }))} />
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
