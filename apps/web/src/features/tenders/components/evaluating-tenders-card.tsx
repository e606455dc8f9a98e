import { Link } from '../../../components/ui/link';
import { TENDER_DECLARATION_LABELS } from '@solar/shared/constants/tender-evaluation';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useEvaluatingTenders } from '../api/list-evaluating-tenders';

/**
 * The dashboard's Evaluating list (issue 27 part B; decision 0520): the tenders the user was invited
 * to evaluate, with their declaration and the way to the scoring sheet. Shown only to evaluators.
 */
export function EvaluatingTendersCard() {
  const query = useEvaluatingTenders();
  if (query.isPending) return null;
  if (query.isError)
    return (
      <Card className="p-6 text-sm text-destructive" role="alert">
        The tenders you evaluate could not be loaded. {query.error.message}
      </Card>
    );
  if (query.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Evaluating</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {query.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 max-w-full">
                <Link to={`/tender/${t.id}`} className="break-words font-medium text-slate-900 hover:text-primary hover:underline">
                  {t.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {TENDER_DECLARATION_LABELS[t.declaration]} · Closes {formatUkDateTime(t.closingDate)}
                </p>
              </div>
              <Link to={`/tender/${t.id}/evaluate`} className={buttonClasses('secondary', 'sm')}>
                {t.declaration === 'pending' ? 'Make your declaration' : 'Open the scoring sheet'}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
