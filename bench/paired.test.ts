import { describe, expect, it } from 'vitest';
import { combine, pairedFigures, pooledPercentile } from './paired.ts';
import type { Measurement } from './workloads.ts';

const run = (fields: Partial<Measurement> & Pick<Measurement, 'cpuPerAnswerUs'>): Measurement => ({
  name: 'row',
  requestsPerSecond: 10_000,
  p50: 2,
  p99: 5,
  statuses: { '200': 100_000 },
  errors: 0,
  counted: 0,
  ...fields,
});

describe('a row measured in pairs with its ceiling (decision 120)', () => {
  it("takes the median of the pairs' CPU ratios, each pair's own ceiling over its own run", () => {
    const ceiling = [
      run({ cpuPerAnswerUs: 20 }),
      run({ cpuPerAnswerUs: 30 }), // a slow minute for the host: both runs of the pair are slow
      run({ cpuPerAnswerUs: 22 }),
    ];
    const route = [
      run({ cpuPerAnswerUs: 40 }),
      run({ cpuPerAnswerUs: 61 }),
      run({ cpuPerAnswerUs: 50 }),
    ];
    const figures = pairedFigures(route, ceiling);
    expect(figures.pairCpuRatios).toEqual([0.5, 0.49, 0.44]);
    expect(figures.cpuRatio).toBe(0.49);
    // The estimator it replaces: the cheapest ceiling reading over the route's whole CPU.
    expect(figures.cheapestCeilingCpuRatio).toBe(0.4);
  });

  it("compares req/s pair by pair too, and keeps every ceiling reading's rate", () => {
    const figures = pairedFigures(
      [
        run({ cpuPerAnswerUs: 40, requestsPerSecond: 5_000 }),
        run({ cpuPerAnswerUs: 40, requestsPerSecond: 3_000 }),
        run({ cpuPerAnswerUs: 40, requestsPerSecond: 4_000 }),
      ],
      [
        run({ cpuPerAnswerUs: 20, requestsPerSecond: 10_000 }),
        run({ cpuPerAnswerUs: 20, requestsPerSecond: 6_000 }),
        run({ cpuPerAnswerUs: 20, requestsPerSecond: 10_000 }),
      ],
    );
    expect(figures.ratioToCeiling).toBe(0.5);
    expect(figures.ceilingRuns).toEqual([10_000, 6_000, 10_000]);
  });

  it('refuses runs that are not pairs', () => {
    expect(() => pairedFigures([run({ cpuPerAnswerUs: 1 })], [])).toThrow(/one ceiling run/);
    expect(() => pairedFigures([], [])).toThrow(/one ceiling run/);
  });
});

describe('the p99 of every answer of several runs', () => {
  it("is read from the runs' tails: one slow run of three moves it by its share, not its own p99", () => {
    const fast = run({
      cpuPerAnswerUs: 1,
      statuses: { '200': 1_000 },
      tail: [
        [90, 4],
        [99, 5],
        [100, 6],
      ],
    });
    const slow = run({
      cpuPerAnswerUs: 1,
      statuses: { '200': 1_000 },
      p99: 60,
      tail: [
        [90, 8],
        [97, 10],
        [99, 60],
        [100, 80],
      ],
    });
    // 3,000 answers: 30 may be slower. At 10 ms, 3 % of the slow run's 1,000 are, and none of the
    // fast runs'. The worst run's own p99 would read 60 ms; the median of the three, 5 ms.
    expect(pooledPercentile([fast, fast, slow], 99)).toBe(10);
    expect(combine([fast, fast, slow]).p99).toBe(10);
    // Alone, each is its own p99.
    expect(pooledPercentile([slow], 99)).toBe(60);
    expect(pooledPercentile([fast], 99)).toBe(5);
  });

  it("counts every answer of a run as slower below its tail's first point", () => {
    const early = run({
      cpuPerAnswerUs: 1,
      statuses: { '200': 100 },
      tail: [
        [90, 50],
        [100, 50],
      ],
    });
    const late = run({
      cpuPerAnswerUs: 1,
      statuses: { '200': 9_900 },
      tail: [
        [90, 1],
        [100, 2],
      ],
    });
    // At 2 ms, all 100 of `early` are counted as slower: 1 % of 10,000, so 2 ms is the p99.
    expect(pooledPercentile([early, late], 99)).toBe(2);
    expect(pooledPercentile([early, late], 99.5)).toBe(50);
  });
});

describe('runs of one workload as one measurement', () => {
  it('keeps the pooled p99, the median p50, every answer, and the CPU per answer over all', () => {
    const all = combine([
      run({ cpuPerAnswerUs: 40, p50: 1, p99: 4, statuses: { '202': 1_000 }, counted: 1_000 }),
      run({ cpuPerAnswerUs: 70, p50: 3, p99: 31, statuses: { '202': 3_000 }, counted: 2_999 }),
      run({ cpuPerAnswerUs: 50, p50: 2, p99: 6, statuses: { '202': 1_000, '500': 1 }, errors: 2 }),
    ]);
    expect(all.p99).toBe(31);
    expect(all.p50).toBe(2);
    expect(all.statuses).toEqual({ '202': 5_000, '500': 1 });
    expect(all.counted).toBe(3_999);
    expect(all.errors).toBe(2);
    // (40 × 1,000 + 70 × 3,000 + 50 × 1,001) ÷ 5,001 answers
    expect(all.cpuPerAnswerUs).toBe(60);
    expect(all.requestsPerSecond).toBe(10_000);
  });
});
