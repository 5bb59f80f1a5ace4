import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, test } from 'vitest';
import { APP_LANGUAGES, SOURCE_LANGUAGE } from '../../src/web/i18n/locales.ts';

const WEB = resolve(import.meta.dirname, '../../src/web');
const CATALOGS = join(WEB, 'i18n/catalogs');
/** Where the app's own words are defined: files named for it, so that this test finds every one. */
const MESSAGE_FILE = /-messages\.ts$/;

const sourceFiles = (readdirSync(WEB, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

interface Descriptor {
  id: string;
  defaultMessage: string;
}

const isDescriptor = (value: unknown): value is Descriptor =>
  typeof value === 'object' && value !== null && typeof (value as Descriptor).id === 'string' && typeof (value as Descriptor).defaultMessage === 'string';

/** Every message the app defines, from every message file's exported groups. */
async function appMessages(): Promise<Descriptor[]> {
  const modules = await Promise.all(sourceFiles.filter((file) => MESSAGE_FILE.test(file)).map((file) => import(join(WEB, file)) as Promise<Record<string, unknown>>));
  return modules.flatMap((exports) =>
    Object.values(exports).flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group).filter(isDescriptor) : [])),
  );
}

/** A message's arguments and, for each plural or select, its cases: what a translation must keep. */
function shape(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== TYPE.literal && 'value' in element && typeof element.value === 'string') into.add(`arg:${element.value}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:other=${'other' in element.options}`);
      for (const option of Object.values(element.options)) shape(option.value, into);
    }
    if (element.type === TYPE.tag) shape(element.children, into);
  }
  return into;
}

const catalogFiles = readdirSync(CATALOGS).filter((file) => file.endsWith('.json'));
const catalogOf = (file: string) => JSON.parse(readFileSync(join(CATALOGS, file), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  test('every language the app offers but English has a catalogue, and no other catalogue exists', () => {
    expect(catalogFiles.map((file) => basename(file, '.json')).sort()).toEqual(APP_LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE).sort());
  });

  test('messages are defined in message files only, each id once', async () => {
    const elsewhere = sourceFiles.filter((file) => !MESSAGE_FILE.test(file) && /\bdefineMessages?\(/.test(readFileSync(join(WEB, file), 'utf8')));
    expect(elsewhere).toEqual([]);
    const ids = (await appMessages()).map((message) => message.id);
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(catalogFiles)('%s has every message, no stale one, each with the English message’s arguments and cases', async (file) => {
    const messages = await appMessages();
    const catalog = catalogOf(file);
    expect(Object.keys(catalog).sort()).toEqual(messages.map((message) => message.id).sort());
    for (const { id, defaultMessage } of messages) {
      const translation = catalog[id]!;
      expect(translation.trim(), id).not.toBe('');
      expect([...shape(parse(translation))].sort(), `${file} ${id}`).toEqual([...shape(parse(defaultMessage))].sort());
    }
  });

  test('English messages parse, and every plural says what to show for "other"', async () => {
    for (const { id, defaultMessage } of await appMessages()) {
      for (const part of shape(parse(defaultMessage))) expect(part.endsWith('=false'), id).toBe(false);
    }
  });
});
