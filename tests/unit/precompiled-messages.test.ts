import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { precompileCatalog, precompileModule } from '../../scripts/precompiled-messages.ts';

const WEB = resolve(import.meta.dirname, '../../src/web');
const messageFiles = (readdirSync(WEB, { recursive: true }) as string[]).filter((file) => /-messages\.ts$/.test(file));
const catalogFiles = readdirSync(join(WEB, 'i18n/catalogs')).filter((file) => file.endsWith('.json'));

/** Each defaultMessage property's initializer in a module's text: whether it is still a string. */
function defaultMessages(code: string): { isString: boolean }[] {
  const source = ts.createSourceFile('messages.ts', code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const found: { isString: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'defaultMessage') {
      found.push({ isString: ts.isStringLiteralLike(node.initializer) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('messages parsed at build time (the browser gets no ICU parser)', () => {
  test('a typed defineMessage inside defineMessages is parsed like the plain entries beside it, and nothing else changes', () => {
    const code = [
      "import { defineMessage, defineMessages } from 'react-intl';",
      'export const M = defineMessages({',
      "  plain: { id: 'm.plain', defaultMessage: 'Hello' },",
      "  counted: defineMessage<{ n: number }>({ id: 'm.counted', defaultMessage: `{n, plural, one {# event} other {# events}}` }),",
      '});',
    ].join('\n');
    const out = precompileModule(code, '/src/web/m-messages.ts');
    expect(out).toContain(`defaultMessage: ${JSON.stringify(parse('Hello'))} }`);
    expect(out).toContain(`defaultMessage: ${JSON.stringify(parse('{n, plural, one {# event} other {# events}}'))} })`);
    expect(out.split('\n')[0]).toBe(code.split('\n')[0]);
    expect(out).toContain('defineMessage<{ n: number }>(');
  });

  test('an object without an id is left as it is', () => {
    const code = "export const notAMessage = { defaultMessage: 'x' };";
    expect(precompileModule(code, '/src/web/x-messages.ts')).toBe(code);
  });

  test('a message that is not valid ICU fails the build, naming the problem', () => {
    expect(() => precompileModule("export const M = { id: 'm.bad', defaultMessage: '{open' };", '/src/web/bad-messages.ts')).toThrow();
  });

  test.each(messageFiles)('%s: every defaultMessage comes out parsed', (file) => {
    const code = readFileSync(join(WEB, file), 'utf8');
    const before = defaultMessages(code);
    const after = defaultMessages(precompileModule(code, join(WEB, file)));
    expect(before.length).toBeGreaterThan(0);
    expect(after).toHaveLength(before.length);
    expect(after.filter((message) => message.isString)).toEqual([]);
  });

  test.each(catalogFiles)('catalogue %s: each translation parsed, the same ids', (file) => {
    const catalog = JSON.parse(readFileSync(join(WEB, 'i18n/catalogs', file), 'utf8')) as Record<string, string>;
    const compiled = JSON.parse(precompileCatalog(JSON.stringify(catalog))) as Record<string, unknown>;
    expect(Object.keys(compiled)).toEqual(Object.keys(catalog));
    for (const [id, message] of Object.entries(catalog)) expect(compiled[id], id).toEqual(parse(message));
  });
});
