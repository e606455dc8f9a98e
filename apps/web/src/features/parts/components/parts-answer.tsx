import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ExternalLink } from '../../../components/ui/icons';
import type { PartsAnswer } from '@solar/shared/contracts/parts';
import { isSafeLinkUrl, renderAnswer } from './render-answer';

const ANSWER_STYLES = [
  'text-slate-800 leading-relaxed',
  '[&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:mt-4 [&_h4]:font-semibold',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_em]:text-slate-600',
  '[&_table]:mt-3 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-border [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-2 [&_td]:py-1.5',
  '[&_a]:text-primary [&_a]:underline-offset-2 hover:[&_a]:underline [&_a.citation]:no-underline [&_a.citation]:font-semibold',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_img]:max-w-full',
].join(' ');

function describeCitation(url: string): string {
  if (url.startsWith('/parts/')) return 'Catalogue product';
  if (url.startsWith('/providers/')) return 'Provider profile';
  return 'Source';
}

function CitationLink({ url }: { url: string }) {
  if (!isSafeLinkUrl(url)) return <span className="break-all text-slate-700">{url}</span>;
  if (/^https?:/i.test(url))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 break-all text-primary hover:underline">
        {url}
        <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  return (
    <Link to={url} className="break-all text-primary hover:underline">
      {url}
    </Link>
  );
}

/** The answer (docs/product/parts.md#parts-search): sanitised markdown, with `[n]` markers linked to the numbered sources below. */
export function PartsAnswerView({ answer }: { answer: PartsAnswer }) {
  const html = useMemo(() => renderAnswer(answer.content, answer.citations.length), [answer]);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (href.startsWith('#citation-')) {
      event.preventDefault();
      const target = document.getElementById(href.slice(1));
      target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      target?.focus();
    } else if (href.startsWith('/') && !anchor.getAttribute('target')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <article aria-label="Answer" className="rounded-xl border border-border bg-white p-5 shadow-sm sm:p-7">
      {/* Sanitised by renderAnswer (marked with raw HTML escaped, then DOMPurify with an allow-list). */}
      <div data-testid="parts-answer" className={ANSWER_STYLES} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {answer.citations.length > 0 && (
        <section aria-labelledby="parts-sources" className="mt-8 border-t border-border pt-5">
          <h3 id="parts-sources" className="text-base font-semibold text-slate-900">
            Sources
          </h3>
          <ol className="mt-3 grid gap-2 text-sm">
            {answer.citations.map((url, i) => (
              <li key={`${i}-${url}`} id={`citation-${i + 1}`} tabIndex={-1} className="flex gap-2 rounded-md px-1 outline-none focus:bg-primary/5">
                <span className="w-7 shrink-0 font-semibold text-slate-700">[{i + 1}]</span>
                <span className="min-w-0">
                  <span className="mr-2 text-slate-600">{describeCitation(url)}</span>
                  <CitationLink url={url} />
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
