import type { EnvValues } from './env-files.ts';

/** The Agents Toolkit's placeholder syntax, `${{NAME}}`; it allows spaces inside the braces. */
const PLACEHOLDER = /\$\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names of the placeholders in a text, each once, in order of first use. */
export function findPlaceholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!))];
}

/** Placeholders in the text with no value (an empty value counts as none). */
export function unresolvedPlaceholders(text: string, values: EnvValues): string[] {
  return findPlaceholders(text).filter((name) => !values[name]);
}

/** What the Toolkit does at packaging time: every placeholder replaced by its value. Throws, naming each one without a value. */
export function substitutePlaceholders(text: string, values: EnvValues): string {
  const unresolved = unresolvedPlaceholders(text, values);
  if (unresolved.length > 0) throw new Error(`No value for ${unresolved.join(', ')}`);
  return text.replace(PLACEHOLDER, (_match, name: string) => values[name]!);
}
