import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { REVIEW_LIMITS } from '@solar/shared/constants/trust';
import type { Review } from '@solar/shared/contracts/trust';
import { formatDate } from '@solar/shared/domain/format';
import { Stars } from '../../../components/trust-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useFlagReview } from '../api/flag-review';
import { useProviderReviews } from '../api/list-provider-reviews';
import { useReplyToReview } from '../api/reply-to-review';

/** The provider's reviews with its one reply each, and a report to moderation (decision 0480). */
export function ReviewsManager({ providerId, canAnswer }: { providerId: string; canAnswer: boolean }) {
  const query = useProviderReviews(providerId);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Reviews</CardTitle>
        <p className="text-sm text-muted-foreground">
          You may reply once to each review. A review that breaks the <Link to="/reviews/policy" className="underline">review policy</Link> can be reported; a low rating alone is never a reason to remove one.
        </p>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">Loading…</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">{query.error.message}</p>
        ) : query.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reviews yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.data.map((r) => (
              <ReviewRow key={r.id} review={r} canAnswer={canAnswer} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReviewRow({ review, canAnswer }: { review: Review; canAnswer: boolean }) {
  const reply = useReplyToReview();
  const flag = useFlagReview();
  const [mode, setMode] = useState<'reply' | 'flag' | null>(null);
  const [text, setText] = useState('');
  const id = `review-${review.id}-${mode}`;
  const send = () => {
    const onError = (e: Error) => toast({ title: 'Error', description: e.message, variant: 'destructive' });
    if (mode === 'reply') reply.mutate({ id: review.id, reply: text }, { onSuccess: () => setMode(null), onError });
    if (mode === 'flag')
      flag.mutate({ id: review.id, reason: text }, { onSuccess: () => (setMode(null), toast({ title: 'Reported', description: 'An admin will look at this review.', variant: 'success' })), onError });
  };
  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.overall} />
        <span className="font-medium">{review.authorName}</span>
        <Badge variant="outline">{review.workLabel}</Badge>
        <span className="text-muted-foreground">{formatDate(review.createdAt)}</span>
      </div>
      <p className="whitespace-pre-line">{review.body}</p>
      {review.reply && (
        <p className="ml-3 border-l-2 border-border pl-3">
          <span className="font-medium">Your reply: </span>
          {review.reply}
        </p>
      )}
      {canAnswer && mode === null && (
        <div className="flex gap-2">
          {!review.reply && (
            <Button size="sm" onClick={() => (setText(''), setMode('reply'))}>
              Reply
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => (setText(''), setMode('flag'))}>
            Report to moderation
          </Button>
        </div>
      )}
      {mode && (
        <div className="grid gap-2">
          <label htmlFor={id} className="font-medium">
            {mode === 'reply' ? 'Your public reply' : 'Which part of the policy does it break?'}
          </label>
          <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} maxLength={mode === 'reply' ? REVIEW_LIMITS.replyMax : REVIEW_LIMITS.reasonMax} rows={3} />
          <div className="flex gap-2">
            <Button size="sm" onClick={send} disabled={!text.trim() || reply.isPending || flag.isPending}>
              {mode === 'reply' ? 'Post reply' : 'Send report'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
