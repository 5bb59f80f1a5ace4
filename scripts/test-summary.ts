// Prints one closing line over every Vitest project's JSON report: "Tests: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

for (const file of existsSync(DIR) ? readdirSync(DIR).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Partial<VitestReport>;
  // Other files live here too (e.g. measured timings): only Vitest's reports count.
  if (typeof report.numPassedTests !== 'number' || typeof report.numFailedTests !== 'number') continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
