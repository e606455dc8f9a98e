import type { ReactNode } from 'react';
import { Link } from './ui/link';
import { SearchX } from './ui/icons';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';

export interface NotFoundLink {
  to: string;
  label: string;
}

/**
 * Something that does not exist (an unknown page, tender, provider or asset): what was not found
 * and the ways on from there, never a Retry that cannot help (decision 0354). The first link is the
 * way back and is drawn as the primary action.
 */
export function NotFoundCard({ title, hint, links, headingLevel: Heading = 'h1', children }: { title: string; hint?: ReactNode; links: NotFoundLink[]; headingLevel?: 'h1' | 'h2'; children?: ReactNode }) {
  return (
    <Card className="mx-auto flex w-full max-w-md flex-col items-center gap-3 p-6 text-center">
      <SearchX className="h-8 w-8 text-slate-500" aria-hidden />
      <Heading className="text-2xl font-bold text-slate-900">{title}</Heading>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      {children}
      <nav aria-label="Where to go from here" className="mt-2 flex flex-wrap justify-center gap-2">
        {links.map((link, i) => (
          <Link key={link.to} to={link.to} className={buttonClasses(i === 0 ? 'primary' : 'secondary')}>
            {link.label}
          </Link>
        ))}
      </nav>
    </Card>
  );
}
