import { ChevronLeft, ChevronRight } from '../../../components/ui/icons';
import { pageItems } from '@solar/shared/domain/tenders';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** First, last, current and neighbours with ellipses (docs/product/tenders.md#tender-board). */
export function TenderPagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Tender pages" className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        <ChevronLeft className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Previous</span>
      </Button>
      {pageItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'primary' : 'ghost'}
            size="sm"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={cn('min-w-9')}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-1 text-slate-500" aria-hidden>
            …
          </span>
        ),
      )}
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
        <span className="hidden sm:inline">Next</span>
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
