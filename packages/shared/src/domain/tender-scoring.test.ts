import { describe, expect, it } from 'vitest';
import { byRank, rankResponses, weightTotal } from './tender-scoring';

const criteria = [
  { id: 'price', weight: 40 },
  { id: 'method', weight: 30 },
  { id: 'experience', weight: 20 },
  { id: 'social', weight: 10 },
];
const scores = (responseId: string, values: number[]) => criteria.map((c, i) => ({ responseId, criterionId: c.id, score: values[i]! }));

describe('rankResponses (decision 0519)', () => {
  it('averages each criterion across evaluators, then weights it: a total out of 100', () => {
    const [a] = rankResponses(['a'], criteria, [...scores('a', [8, 6, 7, 5]), ...scores('a', [6, 8, 7, 5])]);
    expect(a!.averages).toEqual({ price: 7, method: 7, experience: 7, social: 5 });
    expect(a!.total).toBe(68);
    expect(a!.rank).toBe(1);
  });

  it('leaves a response unranked until every criterion has a score', () => {
    const [a, b] = rankResponses(['a', 'b'], criteria, [...scores('a', [10, 10, 10, 10]), { responseId: 'b', criterionId: 'price', score: 10 }]);
    expect(a!.rank).toBe(1);
    expect(b).toEqual({ responseId: 'b', averages: { price: 10 }, total: null, rank: null });
  });

  it('gives equal totals the same rank and skips the next (1, 1, 3)', () => {
    const ranked = rankResponses(['a', 'b', 'c'], criteria, [...scores('a', [5, 5, 5, 5]), ...scores('b', [9, 9, 9, 9]), ...scores('c', [9, 9, 9, 9])]);
    expect(ranked.map((r) => r.rank)).toEqual([3, 1, 1]);
    expect(byRank(ranked).map((r) => r.responseId)).toEqual(['b', 'c', 'a']);
  });

  it('keeps two decimals of an uneven average', () => {
    const [a] = rankResponses(['a'], [{ id: 'x', weight: 100 }], [1, 2, 2].map((score) => ({ responseId: 'a', criterionId: 'x', score })));
    expect(a!.averages.x).toBe(1.67);
    expect(a!.total).toBe(16.67);
  });

  it('ranks nothing without criteria', () => {
    expect(rankResponses(['a'], [], [])).toEqual([{ responseId: 'a', averages: {}, total: null, rank: null }]);
  });

  it('adds weights', () => {
    expect(weightTotal(criteria)).toBe(100);
    expect(weightTotal([{ weight: Number.NaN }, { weight: 5 }])).toBe(5);
  });
});
