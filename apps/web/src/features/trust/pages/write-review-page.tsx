import { useState, type FormEvent } from 'react';
import { Link } from '../../../components/ui/link';
import { RATING_ASPECTS, RATING_LABELS, REVIEW_LIMITS } from '@solar/shared/constants/trust';
import type { ReviewableWork } from '@solar/shared/contracts/trust';
import { RequireAuth } from '../../../components/require-auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useCreateReview } from '../api/create-review';
import { useReviewableWork } from '../api/list-reviewable-work';

/** /reviews/write (docs/product/trust.md#reviews): the caller's completed work, each with a review form. */
export function WriteReviewPage() {
  const work = useReviewableWork();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-semibold">Write a review</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          You can review a provider for work completed through Solar Marketplace: a quote the provider marked as completed, or a tender you awarded to it. One review for each piece
          of work. Read the <Link to="/reviews/policy" className="underline">review policy</Link>.
        </p>
      </div>
      {work.isPending ? (
        <p role="status" className="text-muted-foreground">Loading your completed work…</p>
      ) : work.isError ? (
        <p role="alert" className="text-destructive">{work.error.message}</p>
      ) : work.data.length === 0 ? (
        <p className="rounded-md border border-border p-4 text-sm">No completed work is waiting for your review.</p>
      ) : (
        work.data.map((w) => <ReviewForm key={`${w.workKind}-${w.workId}`} work={w} />)
      )}
    </div>
  );
}

function ReviewForm({ work }: { work: ReviewableWork }) {
  const create = useCreateReview();
  const [ratings, setRatings] = useState<Record<string, number>>({});
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const base = `review-${work.workId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(
      { workKind: work.workKind, workId: work.workId, quality: ratings.quality ?? 0, value: ratings.value ?? 0, reliability: ratings.reliability ?? 0, body },
      { onSuccess: () => toast({ title: 'Thank you', description: `Your review of ${work.provider.name} is published.`, variant: 'success' }), onError: (e) => setError(e.message) },
    );
  };
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">
          <Link to={`/providers/${work.provider.slug}`} className="hover:underline">
            {work.provider.name}
          </Link>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {work.workLabel} · {work.title}
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {RATING_ASPECTS.map((aspect) => (
            <fieldset key={aspect} className="space-y-1">
              <legend className="text-sm font-medium">{RATING_LABELS[aspect]}</legend>
              <div className="flex flex-wrap gap-3">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="flex items-center gap-1 text-sm">
                    <input type="radio" name={`${base}-${aspect}`} value={n} checked={ratings[aspect] === n} onChange={() => setRatings({ ...ratings, [aspect]: n })} />
                    {n}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <Field id={`${base}-body`} label="Your review" error={error}>
            {(control) => <Textarea {...control} value={body} onChange={(e) => setBody(e.target.value)} rows={4} maxLength={REVIEW_LIMITS.bodyMax} />}
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Publishing…' : 'Publish review'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function GuardedWriteReviewPage() {
  return (
    <RequireAuth redirectTo="/auth">
      <WriteReviewPage />
    </RequireAuth>
  );
}
