import { TENDER_FEED_LIMITS as L } from '@solar/shared/constants/data-sources';
import { parseTolerant } from './feed-json';

/**
 * The data sources' HTTP client (decision 0390; the REPD job downloads through it, 0395): one request at a time (the caller awaits each), a
 * timeout, a size cap, and back-off. A 429, 503 or 504 with a short Retry-After is waited out within
 * the run; one without Retry-After (Find a Tender's rate limit answers '12 request limit in 2 minute
 * exceeded' and names no wait, kingfisher-collect's spider waits 30 s) comes back as `pause`: the
 * caller stops for at least 30 s without counting a failure (decision 0460). Other 5xx and network
 * errors are retried after 1 s, then 2 s. 403 is a rate limit that asks for minutes (Contracts
 * Finder's documented answer), so it ends the run. What cannot be retried now comes back as `wait`.
 */
export type FetchOutcome =
  | { kind: 'ok'; json: unknown; repairs: string[]; unreadable: number }
  | { kind: 'wait'; ms: number; message: string }
  | { kind: 'pause'; ms: number; message: string }
  | { kind: 'error'; message: string; ms: number };
export type FetchBytesOutcome = { kind: 'ok'; body: Buffer } | Exclude<FetchOutcome, { kind: 'ok' }>;

export interface HttpDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  userAgent: string;
  /** Called before every attempt, retries included: the caller's pacing (decision 0460). */
  pace?: () => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, L.maxBackoffMs);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.min(Math.max(at - now.getTime(), 0), L.maxBackoffMs);
}

export async function fetchJson(url: string, deps: HttpDeps, now: () => Date): Promise<FetchOutcome> {
  const answer = await fetchBytes(url, deps, now, 'application/json');
  if (answer.kind !== 'ok') return answer;
  const parsed = parseTolerant(answer.body.toString('utf8'));
  if (!parsed) return { kind: 'error', message: 'HTTP 200 with a body that is not JSON', ms: L.failureBackoffMs };
  return { kind: 'ok', ...parsed };
}

/** The body as bytes (a download), with the same politeness as `fetchJson`. */
export async function fetchBytes(url: string, deps: HttpDeps, now: () => Date, accept: string): Promise<FetchBytesOutcome> {
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? realSleep;
  let last = '';
  for (let attempt = 0; attempt < L.attempts; attempt++) {
    let response: Response;
    await deps.pace?.();
    try {
      response = await doFetch(url, {
        headers: { accept, 'user-agent': deps.userAgent },
        redirect: 'error',
        signal: AbortSignal.timeout(L.requestTimeoutMs),
      });
    } catch (err) {
      last = `could not reach ${new URL(url).host}: ${err instanceof Error ? err.message : String(err)}`;
      if (attempt + 1 < L.attempts) await sleep(L.retryBaseMs * 2 ** attempt);
      continue;
    }
    const asked = retryAfterMs(response.headers.get('retry-after'), now());
    if (response.ok) {
      const body = await readCapped(response, L.maxResponseBytes);
      if (body === null) return { kind: 'error', message: `answer larger than ${L.maxResponseBytes} bytes`, ms: L.failureBackoffMs };
      return { kind: 'ok', body };
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 403) {
      return { kind: 'wait', ms: Math.max(asked ?? 0, L.contractsFinderForbiddenWaitMs), message: 'HTTP 403: rate limited' };
    }
    if (response.status === 429 || response.status >= 500) {
      last = `HTTP ${response.status}${response.status === 429 ? ': too many requests' : ''}`;
      if (asked === null && (response.status === 429 || response.status === 503 || response.status === 504)) {
        return { kind: 'pause', ms: L.bareRetryWaitMs, message: `${last} without Retry-After` };
      }
      const wait = asked ?? L.retryBaseMs * 2 ** attempt;
      if (wait > L.inlineWaitMaxMs || attempt + 1 === L.attempts) {
        return { kind: 'wait', ms: asked ?? L.failureBackoffMs, message: last };
      }
      await sleep(wait);
      continue;
    }
    return { kind: 'error', message: `HTTP ${response.status}`, ms: L.failureBackoffMs };
  }
  return { kind: 'error', message: last, ms: L.failureBackoffMs };
}

/** A response's body, or null once it is (or says it will be) larger than `maxBytes`: reading stops there. */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
