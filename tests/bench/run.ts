// npm run bench: each figure next to its limit (raw SQL, the feed without series, a raw Cosmos query, a bare Fastify
// route, a bare FullCalendar page), interleaved, medians, p95s and p99s, and the ratios. Timings are never asserted:
// this prints them.
import { cpus, freemem, totalmem } from 'node:os';
import { benchCosmos } from './cosmos-bench.ts';
import { benchFirstRender } from './first-render-bench.ts';
import { benchHttp } from './http-bench.ts';
import { reportTable, type Comparison } from './measure.ts';
import { benchSeries } from './series-bench.ts';
import { benchSqlite } from './sqlite-bench.ts';

const cpu = cpus();
console.log(`machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}, ${process.platform}`);
const started = performance.now();
const comparisons: Comparison[] = [
  ...(await benchSqlite(10_000, 200)),
  ...(await benchSqlite(100_000, 60)),
  ...(await benchSeries(30, 200)),
  ...(await benchCosmos(2_000, 15)),
  ...(await benchHttp(300)),
  ...(await benchFirstRender(10)),
];
console.log('\nMedian / p95 / p99 of each side, rounds interleaved in random order after warm-up. Ratios: ours / limit, of the medians and of the p99s');
console.log('(in ms, above 1 is the cost of our layers; in req/s, below 1 is).\n');
console.log(reportTable(comparisons));
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
