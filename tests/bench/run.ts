// npm run bench: each figure next to its limit (raw SQL, the feed without series, a raw Cosmos query, a bare Fastify
// route, a bare FullCalendar page, ical.js alone), interleaved, medians, p95s and p99s, and the ratios. Timings are never asserted:
// this prints them.
import { cpus, freemem, totalmem } from 'node:os';
import { buildServer } from '../../scripts/server-build.ts';
import { benchCosmos } from './cosmos-bench.ts';
import { benchFeed } from './feed-bench.ts';
import { benchFirstRender } from './first-render-bench.ts';
import { benchHttp, benchMe } from './http-bench.ts';
import { benchIcs } from './ics-bench.ts';
import { benchLive } from './live-bench.ts';
import { reportTable, type Comparison } from './measure.ts';
import { benchMemory } from './memory-bench.ts';
import { benchMonth } from './month-bench.ts';
import { benchSearchCosmos, benchSearchHttp, benchSearchSqlite } from './search-bench.ts';
import { benchSeries } from './series-bench.ts';
import { benchSoak } from './soak-bench.ts';
import { benchSqlite } from './sqlite-bench.ts';
import { benchStartup } from './startup-bench.ts';

const cpu = cpus();
console.log(`machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}, ${process.platform}`);
/** Each group of figures by name: `npm run bench -- series` runs that group alone, plain `npm run bench` all of them. */
const GROUPS: Record<string, () => Promise<Comparison[]>> = {
  sqlite: async () => [...(await benchSqlite(10_000, 200)), ...(await benchSqlite(100_000, 60))],
  series: () => benchSeries(60, 200),
  cosmos: () => benchCosmos(2_000, 15),
  search: async () => [
    ...(await benchSearchSqlite(10_000, 100)),
    ...(await benchSearchSqlite(100_000, 40)),
    ...(await benchSearchHttp(10_000, 200)),
    ...(await benchSearchCosmos(10_000, 10)),
  ],
  ics: () => benchIcs(200, 25),
  http: async () => [...(await benchMe(300)), ...(await benchHttp(300))],
  // Nine rounds: a cached br answer costs tens of µs of CPU, and the machines' noise moves a median of five by a tenth.
  feed: () => benchFeed(9),
  render: () => benchFirstRender(30),
  month: () => benchMonth(7),
  startup: () => benchStartup(7),
  // 200 live streams on one server, 20 writes a second for a minute, then a minute's wait for its RSS (BENCH_LIVE_SECONDS shortens the load).
  live: () => benchLive(),
  // Long by design: each of its three servers is under load for MEMORY_LOAD_MINUTES (BENCH_MEMORY_MINUTES shortens it).
  memory: () => benchMemory(),
  // Long by design: npm start's server under a mixed load for SOAK_MINUTES (BENCH_SOAK_MINUTES shortens it).
  soak: () => benchSoak(),
};
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in GROUPS));
if (unknown.length > 0) throw new Error(`No bench group ${unknown.join(', ')}: choose from ${Object.keys(GROUPS).join(', ')}`);
// The benches' servers run the bundle, as npm start and App Service do: built from the sources as they are now.
await buildServer();
const started = performance.now();
const comparisons: Comparison[] = [];
for (const name of asked.length > 0 ? asked : Object.keys(GROUPS)) comparisons.push(...(await GROUPS[name]!()));
console.log('\nMedian / p95 / p99 of each side, rounds interleaved in random order after warm-up. Ratios: ours / limit, of the medians and of the p99s');
console.log('(in ms, above 1 is the cost of our layers; in req/s, below 1 is).\n');
console.log(reportTable(comparisons));
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
