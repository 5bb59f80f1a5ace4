import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedLogDestination, LOG_BUFFER_BYTES, LOG_FLUSH_INTERVAL_MS } from '../../src/api/log-destination.ts';

describe('the server log destination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (file: string) => readFileSync(file, 'utf8');

  it('holds lines until LOG_BUFFER_BYTES are waiting, then writes them together', () => {
    const file = join(dir, 'batched.log');
    const destination = bufferedLogDestination(file);
    destination.write('{"msg":"first"}\n');
    expect(read(file)).toBe('');
    const filler = `${'x'.repeat(LOG_BUFFER_BYTES)}\n`;
    destination.write(filler);
    expect(read(file)).toBe(`{"msg":"first"}\n${filler}`);
    destination.destroy();
  });

  it('writes a batch that never fills within LOG_FLUSH_INTERVAL_MS', async () => {
    const file = join(dir, 'quiet.log');
    const destination = bufferedLogDestination(file);
    destination.write('{"msg":"alone"}\n');
    await expect.poll(() => read(file), { timeout: LOG_FLUSH_INTERVAL_MS * 5 }).toBe('{"msg":"alone"}\n');
    destination.destroy();
  });

  it('writes what it holds when the process exits', () => {
    const file = join(dir, 'exit.log');
    const module = join(import.meta.dirname, '../../src/api/log-destination.ts');
    const script = `const { bufferedLogDestination } = await import(${JSON.stringify(module)}); bufferedLogDestination(${JSON.stringify(file)}).write('{"msg":"last"}\\n'); process.exit(0);`;
    execFileSync(process.execPath, ['--input-type=module', '--eval', script]);
    expect(read(file)).toBe('{"msg":"last"}\n');
  });
});
