import { z } from 'zod';
import { COMPANIES_HOUSE_LIMITS as L } from '@solar/shared/constants/trust';
import { readCapped } from '../../platform/feed-http';

/**
 * A client of the Companies House public data API (decision 0481): the company profile, its
 * officers and its insolvency record, by company number. HTTP Basic with the API key as the user
 * name and no password, as the API's authentication guide says. Off unless `COMPANIES_HOUSE_API_KEY`
 * is set. The API allows 600 requests per 5 minutes per key and answers 429 past it: this client
 * counts its own requests in a sliding window and stops sending before the limit, and after a 429
 * (or a `X-Ratelimit-Remain: 0`) it sends nothing until the window the API names in
 * `X-Ratelimit-Reset` (epoch seconds) has passed, answering 'rate-limited' at once instead.
 * Shapes are read with zod, leniently (unknown fields pass, missing optional ones are null), so an
 * answer that is not JSON or not the documented shape is a 'bad-answer', never an exception.
 */

export const companyProfileSchema = z.looseObject({
  company_name: z.string(),
  company_number: z.string(),
  company_status: z.string(),
  date_of_creation: z.string().optional(),
  sic_codes: z.array(z.string()).optional(),
  has_insolvency_history: z.boolean().optional(),
  registered_office_address: z.looseObject({ postal_code: z.string().optional(), locality: z.string().optional() }).optional(),
  accounts: z
    .looseObject({
      overdue: z.boolean().optional(),
      next_due: z.string().optional(),
      next_accounts: z.looseObject({ due_on: z.string().optional(), overdue: z.boolean().optional() }).optional(),
    })
    .optional(),
  confirmation_statement: z.looseObject({ overdue: z.boolean().optional(), next_due: z.string().optional() }).optional(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const officerListSchema = z.looseObject({
  items: z.array(z.looseObject({ name: z.string(), officer_role: z.string().optional(), resigned_on: z.string().optional() })).default([]),
  active_count: z.number().optional(),
  total_results: z.number().optional(),
});
export type OfficerList = z.infer<typeof officerListSchema>;

export const insolvencySchema = z.looseObject({
  cases: z.array(z.looseObject({ type: z.string().optional(), number: z.union([z.string(), z.number()]).optional() })).default([]),
});
export type Insolvency = z.infer<typeof insolvencySchema>;

export type ChFailure = { ok: false; kind: 'not-found' | 'rate-limited' | 'unavailable' | 'bad-answer' | 'refused'; message: string };
export type ChResult<T> = { ok: true; data: T } | ChFailure;

export interface CompaniesHouseClient {
  company(number: string): Promise<ChResult<CompanyProfile>>;
  officers(number: string): Promise<ChResult<OfficerList>>;
  /** The insolvency record; `null` data when the company has none (the API answers 404). */
  insolvency(number: string): Promise<ChResult<Insolvency | null>>;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  now?: () => number;
  fetch?: typeof fetch;
  limits?: { requestsPerWindow: number; windowMs: number };
}

export function createCompaniesHouseClient(options: ClientOptions): CompaniesHouseClient {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const limits = options.limits ?? L;
  const base = options.baseUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const sent: number[] = [];
  let blockedUntil = 0;

  const rateLimited = (until: number): ChFailure => ({
    ok: false,
    kind: 'rate-limited',
    message: `Companies House rate limit reached (${limits.requestsPerWindow} requests per ${limits.windowMs / 60_000} minutes); tried again after ${new Date(until).toISOString().slice(11, 16)} UTC`,
  });

  async function get<T>(path: string, schema: z.ZodType<T>, notFound: 'fail' | 'null'): Promise<ChResult<T | null>> {
    const at = now();
    while (sent.length > 0 && sent[0]! <= at - limits.windowMs) sent.shift();
    if (at < blockedUntil) return rateLimited(blockedUntil);
    if (sent.length >= limits.requestsPerWindow) return rateLimited(sent[0]! + limits.windowMs);
    sent.push(at);
    let response: Response | undefined;
    let lastError = '';
    // A GET is safe to send again: one more try when the connection failed (a kept-alive socket the
    // server had just closed, a reset), never after an HTTP answer.
    for (let attempt = 0; attempt < 2 && !response; attempt++) {
      try {
        response = await doFetch(`${base}${path}`, {
          headers: { authorization: auth, accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(L.requestTimeoutMs),
        });
      } catch (err) {
        lastError = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      }
    }
    if (!response) return { ok: false, kind: 'unavailable', message: `Companies House could not be reached (${lastError})` };
    const remain = response.headers.get('x-ratelimit-remain') ?? response.headers.get('x-ratelimit-remaining');
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : now() + limits.windowMs;
    if (remain === '0') blockedUntil = Math.max(blockedUntil, resetAt);
    if (response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      blockedUntil = Math.max(blockedUntil, resetAt);
      return { ...rateLimited(blockedUntil), message: `Companies House answered HTTP 429 (too many requests); tried again after ${new Date(blockedUntil).toISOString().slice(11, 16)} UTC` };
    }
    const text = (await readCapped(response, L.maxResponseBytes))?.toString('utf8') ?? null;
    if (response.status === 404) return notFound === 'null' ? { ok: true, data: null } : { ok: false, kind: 'not-found', message: 'No company with this number at Companies House' };
    if (response.status === 401 || response.status === 403) return { ok: false, kind: 'refused', message: `Companies House refused the key (HTTP ${response.status})` };
    if (!response.ok) return { ok: false, kind: 'unavailable', message: `Companies House answered HTTP ${response.status}` };
    if (text === null) return { ok: false, kind: 'bad-answer', message: 'Companies House sent an answer larger than expected' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, kind: 'bad-answer', message: 'Companies House sent an answer that is not JSON' };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { ok: false, kind: 'bad-answer', message: `Companies House sent an answer of an unexpected shape (${parsed.error.issues[0]?.path.join('.') || 'body'})` };
    return { ok: true, data: parsed.data };
  }

  const path = (number: string, tail = '') => `/company/${encodeURIComponent(number)}${tail}`;
  return {
    company: (n) => get(path(n), companyProfileSchema, 'fail') as Promise<ChResult<CompanyProfile>>,
    officers: (n) => get(path(n, '/officers?items_per_page=100'), officerListSchema, 'fail') as Promise<ChResult<OfficerList>>,
    insolvency: (n) => get(path(n, '/insolvency'), insolvencySchema, 'null'),
  };
}
