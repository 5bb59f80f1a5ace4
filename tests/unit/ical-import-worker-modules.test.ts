// The .ics reading thread loads its modules again in its own isolate, and they count in the server's memory: zod and
// the event schema (some 29 MB together) are left to the main thread, which checks what the thread reads.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/api/process-settings.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKER = pathToFileURL(join(ROOT, 'src/api/ical/ical-import-worker.ts')).href;
const DRAFTS = pathToFileURL(join(ROOT, 'src/api/ical/ical-import-drafts.ts')).href;
const EVENT_SCHEMA = pathToFileURL(join(ROOT, 'src/shared/event-schema.ts')).href;
const isZod = (url: string) => url.includes('/node_modules/zod/');

/** Every module URL a fresh process with the server's flags resolves while loading the module, by a resolve hook. */
function modulesLoadedBy(moduleUrl: string): string[] {
  const script = `import { registerHooks } from 'node:module';
    const urls = [];
    registerHooks({ resolve(specifier, context, nextResolve) { const resolved = nextResolve(specifier, context); urls.push(resolved.url); return resolved; } });
    await import(process.argv[1]);
    console.log(JSON.stringify(urls));`;
  const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', script, moduleUrl], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as string[];
}

describe('the .ics reading thread’s modules', () => {
  it('are those reading needs (ical.js, the zones), not zod nor the event schema', () => {
    const urls = modulesLoadedBy(WORKER);
    expect(urls).toContain(WORKER);
    expect(urls.some((url) => url.includes('/node_modules/ical.js/'))).toBe(true);
    expect(urls.filter(isZod)).toEqual([]);
    expect(urls).not.toContain(EVENT_SCHEMA);
  });

  it('would be seen to hold zod and the event schema if it loaded the checks (the main thread’s part)', () => {
    const urls = modulesLoadedBy(DRAFTS);
    expect(urls.some(isZod)).toBe(true);
    expect(urls).toContain(EVENT_SCHEMA);
  });
});
