/**
 * Weighted totals and ranks of a tender's responses (decision 0519), computed on the server and
 * unit-tested here. A criterion's score for a response is the average of the evaluators who scored
 * it; the total is Σ weight × average ÷ 10, out of 100, rounded to two decimals. A response is ranked
 * once every criterion has at least one score; equal totals share a rank (1, 1, 3).
 */

export interface ScoreCell {
  responseId: string;
  criterionId: string;
  score: number;
}

export interface ResponseStanding {
  responseId: string;
  /** Average score per criterion id (0–10, two decimals), for the criteria scored so far. */
  averages: Record<string, number>;
  /** Out of 100; null until every criterion has a score. */
  total: number | null;
  /** 1 is best; null while the total is. */
  rank: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function rankResponses(
  responseIds: readonly string[],
  criteria: ReadonlyArray<{ id: string; weight: number }>,
  scores: readonly ScoreCell[],
): ResponseStanding[] {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const s of scores) {
    const key = `${s.responseId}:${s.criterionId}`;
    const cell = sums.get(key) ?? { sum: 0, n: 0 };
    cell.sum += s.score;
    cell.n += 1;
    sums.set(key, cell);
  }
  const standings = responseIds.map((responseId) => {
    const averages: Record<string, number> = {};
    let total = 0;
    let complete = criteria.length > 0;
    for (const c of criteria) {
      const cell = sums.get(`${responseId}:${c.id}`);
      if (!cell) {
        complete = false;
        continue;
      }
      const average = cell.sum / cell.n;
      averages[c.id] = round2(average);
      total += (c.weight * average) / 10;
    }
    return { responseId, averages, total: complete ? round2(total) : null, rank: null as number | null };
  });
  const ranked = standings.filter((s) => s.total !== null).sort((a, b) => b.total! - a.total!);
  ranked.forEach((s, i) => {
    s.rank = i > 0 && ranked[i - 1]!.total === s.total ? ranked[i - 1]!.rank : i + 1;
  });
  return standings;
}

/** Standings best first: ranked by rank, then the unranked in their given order. */
export function byRank<T extends { rank: number | null }>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.rank ?? Number.POSITIVE_INFINITY) - (b.row.rank ?? Number.POSITIVE_INFINITY) || a.i - b.i)
    .map(({ row }) => row);
}

/** A weight total's check, for the form and the schema alike. */
export const weightTotal = (criteria: ReadonlyArray<{ weight: number }>) => criteria.reduce((sum, c) => sum + (Number.isFinite(c.weight) ? c.weight : 0), 0);
