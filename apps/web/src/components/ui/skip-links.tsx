import type { MouseEvent } from 'react';

export interface SkipLink {
  /** id of the element to move to. */
  target: string;
  label: string;
}

/**
 * Focuses a skip link's target: the target itself when it takes focus (a heading with
 * tabIndex -1), else the first thing inside it that is in the tab order (a map's canvas).
 */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const inside = target.hasAttribute('tabindex') ? target : target.querySelector<HTMLElement>('[tabindex="0"], a[href], button:not([disabled])');
  (inside ?? target).focus();
  (inside ?? target).scrollIntoView({ block: 'nearest' });
}

/**
 * Links that appear when focused and jump past long forms to the parts of a page (WCAG 2.4.1).
 * Place the row with `className` (e.g. absolutely, over the page's top).
 */
export function SkipLinks({ links, className }: { links: readonly SkipLink[]; className?: string }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <a
          key={link.target}
          href={`#${link.target}`}
          onClick={(event) => focusTarget(event, link.target)}
          className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium whitespace-nowrap text-primary shadow ring-2 ring-primary focus:not-sr-only focus:z-50"
        >
          {link.label}
        </a>
      ))}
    </div>
  );
}
