import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

/** The props the app passes to icons, and the ones lucide treats specially. */
const PROPS: Array<Record<string, unknown>> = [
  {},
  { className: 'h-4 w-4' },
  { className: 'mt-0.5 h-4 w-4 shrink-0 text-emerald-700', 'aria-label': 'Passed' },
  { className: 'h-4 w-4 fill-amber-400', 'aria-hidden': true },
  { className: '  lucide h-4   w-4 h-4 ', style: { color: 'red' } },
  { size: 16, strokeWidth: 1.5, role: 'img' },
  { width: 20, height: 18, color: 'red', fill: 'none', title: 'A title' },
];

const components = Object.entries(icons).filter(([, value]) => typeof value === 'function');

describe('icons', () => {
  it('exports every icon the app draws', () => {
    expect(components.length).toBeGreaterThan(80);
  });

  it.each(components)('%s renders the same markup as lucide-react', (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, React.ComponentType<Record<string, unknown>>>)[name];
    if (!Lucide) throw new Error(`lucide-react has no ${name}`);
    const Ours = Icon as React.ComponentType<Record<string, unknown>>;
    for (const props of PROPS) expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
  });

  it('hides an icon without a label and announces one with a label', () => {
    expect(renderToStaticMarkup(<icons.Search className="h-4 w-4" />)).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<icons.Search aria-label="Search" />)).not.toContain('aria-hidden');
  });
});
