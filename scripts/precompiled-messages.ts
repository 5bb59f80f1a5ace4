import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The modules that define the app's messages (defineMessages), each named for what its messages are for. */
const MESSAGE_MODULE = /[\\/]src[\\/]web[\\/].*-messages\.ts$/u;
/** The translations, one JSON file per language: message id → ICU message. */
const CATALOG_FILE = /[\\/]src[\\/]web[\\/]i18n[\\/]catalogs[\\/][^\\/]+\.json$/u;
const PARSER = '@formatjs/icu-messageformat-parser';

const propertyNamed = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((property): property is ts.PropertyAssignment => ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name);

/**
 * A messages module with each descriptor's defaultMessage (a string beside an `id`) replaced by its parsed form, the
 * rest of the text untouched. FormatJS's own transformer (@formatjs/ts-transformer 4.5) cannot be used: in a
 * defineMessages whose entries include typed defineMessage<…>() calls, it pairs descriptors with the wrong entries
 * and throws.
 */
export function precompileModule(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && propertyNamed(node, 'id')) {
      const message = propertyNamed(node, 'defaultMessage')?.initializer;
      if (message && ts.isStringLiteralLike(message)) edits.push({ start: message.getStart(source), end: message.end, text: JSON.stringify(parse(message.text)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.reduceRight((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), code);
}

/** A catalogue with each translation parsed, as JSON still (Vite's JSON plugin makes it a module). */
export function precompileCatalog(json: string): string {
  const catalog = JSON.parse(json) as Record<string, string>;
  return JSON.stringify(Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, parse(message)])));
}

/**
 * Build only: every message reaches the browser parsed, the English ones in their modules and the translations in
 * their catalogues, so the ICU parser (some 26 kB minified, and its work on each message at first use) stays out of
 * the app's JS: FormatJS's formatter is given its no-parser build. A message the build did not parse would fail
 * loudly at run time ("parse is not available"), never quietly; the e2e suite renders every language.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: new RegExp(`^${PARSER}$`, 'u'), replacement: `${PARSER}/no-parser.js` }] } }),
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (CATALOG_FILE.test(path)) return { code: precompileCatalog(code), map: null };
      if (MESSAGE_MODULE.test(path)) return { code: precompileModule(code, path), map: null };
      return null;
    },
  };
}
