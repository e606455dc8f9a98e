import { citationMarkers } from '@solar/shared/domain/parts';
import type { PartsAnswer } from '@solar/shared/contracts/parts';

export interface ExternalAnswerConfig {
  /** Full chat-completions URL of an OpenAI-compatible service. */
  url: string;
  key?: string;
  model: string;
  timeoutMs: number;
}

const MAX_CONTENT = 20_000;

const INSTRUCTIONS = [
  'You answer UK solar parts questions for a marketplace.',
  'Use ONLY the facts in the catalogue answer you are given; never invent products, figures or suppliers.',
  'Write GitHub-flavoured markdown with headings and bold; no HTML, no images, no links.',
  'Cite facts with the [n] markers of the numbered sources exactly as given; never add a source.',
].join(' ');

/**
 * Asks the configured answer service to rewrite the catalogue answer for the question. The
 * citations stay the catalogue's: an answer citing a source that does not exist, or anything else
 * unexpected, is refused and the caller falls back to the catalogue answer (decision 0212).
 */
export async function askAnswerService(
  config: ExternalAnswerConfig,
  question: string,
  catalogue: PartsAnswer,
  fetchImpl: typeof fetch = fetch,
): Promise<PartsAnswer> {
  const sources = catalogue.citations.map((url, i) => `[${i + 1}] ${url}`).join('\n');
  const response = await fetchImpl(config.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.key && { authorization: `Bearer ${config.key}` }) },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: `Question: ${question}\n\nCatalogue answer:\n${catalogue.content}\n\nSources:\n${sources}` },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`answer service answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('answer service gave no content');
  if (content.length > MAX_CONTENT) throw new Error('answer service content too long');
  const markers = citationMarkers(content);
  if (markers.some((n) => n < 1 || n > catalogue.citations.length)) throw new Error('answer service cited a source it was not given');
  return { content: content.trim(), citations: catalogue.citations };
}
