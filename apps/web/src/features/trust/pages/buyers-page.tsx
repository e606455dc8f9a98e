import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { formatGBP } from '@solar/shared/domain/format';
import { useBuyers } from '../api/list-buyers';

export { handle } from './buyers-page.handle';

/** /buyers: every public buyer named on imported notices, most awards first. */
export function BuyersPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useBuyers(page);
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-8">
      <h1 className="text-3xl font-semibold">Public buyers</h1>
      <p className="text-sm text-muted-foreground">Public bodies whose notices for energy, solar and electrical work are on the tender board.</p>
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">Loading buyers…</p>
      ) : query.isError ? (
        <p role="alert" className="text-destructive">{query.error.message}</p>
      ) : query.data.data.length === 0 ? (
        <p>No public buyers yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-md border border-border">
            {query.data.data.map((b) => (
              <li key={b.slug} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <Link to={`/buyers/${b.slug}`} className="font-medium text-primary underline">
                  {b.name}
                </Link>
                <span className="text-muted-foreground">
                  {b.notices} notices · {b.awards} awards · {formatGBP(b.awardedValue)}
                </span>
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="flex gap-3 text-sm">
            {page > 1 && <Link to={`/buyers?page=${page - 1}`}>Previous</Link>}
            {page < query.data.pagination.pages && <Link to={`/buyers?page=${page + 1}`}>Next</Link>}
          </nav>
        </>
      )}
    </div>
  );
}
