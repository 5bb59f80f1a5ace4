import { richTextToPlain, type RenderingFallback } from './sanitise-html.ts';

// Latin, Greek and Cyrillic diacritics (U+0300–U+036F) and Arabic vowel marks, as NFKD leaves them after their letter.
// Other marks stay: a Japanese dakuten changes the word (か, が), it is no accent.
const FOLDED_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g;

/**
 * Text as search compares it, for the stored text and the query alike: compatibility forms unified (full-width
 * letters, ligatures), diacritics removed (é is e), lower case.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(FOLDED_MARKS, '').toLowerCase().normalize('NFC');
}

/** What an event is found by, folded: its title, location and description's text (never its markup), one per line. */
export function searchTextOf(title: string, location: string, descriptionHtml: string): string {
  return foldForSearch(`${title}\n${location}\n${richTextToPlain(descriptionHtml)}`);
}

/** The query's words, folded: every one must occur in an event's text, anywhere (a prefix or any other part of a word). */
export function searchTerms(query: string): string[] {
  return [...new Set(foldForSearch(query).split(/\s+/u).filter((term) => term !== ''))];
}

/** How many characters (code points) a term has: full-text indexes count these, not UTF-16 units. */
export const termLength = (term: string): number => [...term].length;

/** The longest snippet, in characters, ellipses included. */
export const SNIPPET_MAX = 160;
/** How much of the text before the match a snippet shows, at most. */
const SNIPPET_LEAD = 50;

/** The text folded code point by code point, with where each folded UTF-16 unit came from in the original. */
function foldedWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = foldForSearch(char);
    folded += part;
    for (let i = 0; i < part.length; i++) origins.push(index);
    index += char.length;
  }
  return { folded, origins };
}

/** A cut that does not split a word where a space is near; ellipses where text was left out. */
function excerpt(text: string, from: number): string {
  let start = Math.max(0, from - SNIPPET_LEAD);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < from) start = space + 1;
  }
  const lead = start > 0 ? '…' : '';
  let body = text.slice(start, start + SNIPPET_MAX - lead.length);
  if (start + body.length < text.length) {
    body = body.slice(0, SNIPPET_MAX - lead.length - 1);
    const space = body.lastIndexOf(' ');
    if (space > from - start) body = body.slice(0, space);
    return `${lead}${body.trimEnd()}…`;
  }
  return lead + body;
}

/**
 * A short excerpt of the description's text around the first place any term occurs, on one line: '' when no term
 * occurs in it (the event matched by its title or location).
 */
export function snippetOf(descriptionHtml: string, terms: readonly string[], onFallback?: RenderingFallback): string {
  const text = richTextToPlain(descriptionHtml, onFallback).replace(/\s+/gu, ' ');
  const { folded, origins } = foldedWithOrigins(text);
  const found = terms.map((term) => folded.indexOf(term)).filter((at) => at !== -1);
  if (found.length === 0) return '';
  return excerpt(text, origins[Math.min(...found)]!);
}
