// The interleaved sampler and the report table: every figure is measured against its limit, on a shared, noisy machine.

/** One sample: a duration in ms (see `timed`) or any figure the subject measured itself, e.g. a page's own clock. */
export type Sampler = () => Promise<number>;

export interface Comparison {
  figure: string;
  /** What the limit is: the bare thing an expert would write for the same result. */
  limit: string;
  unit: string;
  ours: number[];
  bare: number[];
}

export interface InterleaveOptions {
  figure: string;
  limit: string;
  /** "ms" unless the samples are something else, e.g. "req/s". */
  unit?: string;
  rounds: number;
  /** Rounds run first and thrown away: JIT, caches and connections warm up for both sides alike. */
  warmup?: number;
  ours: Sampler;
  bare: Sampler;
}

/** Wraps work as a sampler of its wall time in ms. */
export function timed(work: () => unknown): Sampler {
  return async () => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
}

/**
 * Runs ours and the limit alternately, in a random order each round, so that whatever else the machine is doing
 * falls on both alike; returns both sample sets.
 */
export async function interleave({ figure, limit, unit = 'ms', rounds, warmup = Math.min(20, rounds), ours, bare }: InterleaveOptions): Promise<Comparison> {
  const comparison: Comparison = { figure, limit, unit, ours: [], bare: [] };
  for (let round = -warmup; round < rounds; round++) {
    const oursFirst = Math.random() < 0.5;
    const first = await (oursFirst ? ours : bare)();
    const second = await (oursFirst ? bare : ours)();
    if (round < 0) continue;
    comparison.ours.push(oursFirst ? first : second);
    comparison.bare.push(oursFirst ? second : first);
  }
  return comparison;
}

/** The q-quantile by nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

function figureText(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const quantiles = (samples: readonly number[]) => [0.5, 0.95, 0.99].map((q) => figureText(quantile(samples, q))).join(' / ');

/** One row per figure: medians, p95s and p99s of both sides, the ratios (ours / limit) of medians and of p99s and what the limit is. */
export function reportTable(comparisons: readonly Comparison[]): string {
  const header = ['figure', 'unit', 'ours median / p95 / p99', 'limit median / p95 / p99', 'ratio median / p99', 'n', 'what the limit is'];
  const rows = comparisons.map((c) => [
    c.figure,
    c.unit,
    quantiles(c.ours),
    quantiles(c.bare),
    [0.5, 0.99].map((q) => `${(quantile(c.ours, q) / quantile(c.bare, q)).toFixed(2)}×`).join(' / '),
    String(c.ours.length),
    c.limit,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
