import { describe, expect, it } from 'vitest';
import { combine, pairedFigures } from './paired.ts';
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

describe('runs of one workload as one measurement', () => {
  it('keeps the worst p99, the median p50, every answer, and the CPU per answer over all', () => {
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
