import { base, clientIp } from './config';

/**
 * `n` page views sent `concurrency` at a time, each from its own client address; the paths of
 * those the server acknowledged are pushed to `acknowledged`. Answers the number refused or lost.
 */
export async function pageviews(markerPrefix: string, n: number, concurrency: number, acknowledged: string[]): Promise<number> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < n) {
      const path = `/reliability/${markerPrefix}/${next++}`;
      try {
        const res = await fetch(`${base}/api/analytics/pageview`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() }, body: JSON.stringify({ path }) });
        if (res.status < 300) acknowledged.push(path);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}
