import { useState, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from './ui/icons';
import { cn } from '../lib/cn';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

/** Where the filters stop being collapsed: the width at which the page lays them out beside or above the results. */
const BREAKPOINTS = {
  md: { button: 'md:hidden', panel: 'md:block' },
  lg: { button: 'lg:hidden', panel: 'lg:block' },
} as const;

/**
 * A filter panel that small screens keep behind a 'Filters' button showing how many filters are
 * active, so the first screen shows results (decision 0350). The panel stays mounted while
 * collapsed: typed text and open suggestions survive closing it. From `collapseBelow` up it is
 * always shown and the button is gone.
 */
export function CollapsibleFilters({
  id,
  activeCount,
  collapseBelow = 'lg',
  className,
  children,
}: {
  id: string;
  activeCount: number;
  collapseBelow?: keyof typeof BREAKPOINTS;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const at = BREAKPOINTS[collapseBelow];
  return (
    <div className={className}>
      <Button variant="secondary" className={cn('w-full justify-between', at.button)} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filters{' '}
          {activeCount > 0 && (
            <Badge>
              {activeCount} <span className="sr-only">active</span>
            </Badge>
          )}
        </span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div id={id} className={cn(open ? 'mt-3 block' : 'hidden', at.panel, collapseBelow === 'md' ? 'md:mt-0' : 'lg:mt-0')}>
        {children}
      </div>
    </div>
  );
}
