import type { TextRange } from '../../shared/search-schema.ts';
import { richTextToPlain, type RenderingFallback } from './sanitise-html.ts';

// Latin, Greek and Cyrillic diacritics (U+0300–U+036F) and Arabic vowel marks, as NFKD leaves them after their letter.
// Other marks stay: a Japanese dakuten changes the word (か, が), it is no accent.
const FOLDED_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g;

// Hyphens and dashes, and the spaces and tabs between words (NFKD makes most spaces U+0020): search leaves them out of
// the text and of each term, so that "standup", "stand-up" and "stand up" are one. Line breaks stay, between the title,
// the location and the description's paragraphs.
const JOINERS = /[\p{Pd}\p{Zs}\t]/gu;
const JOINER = /[\p{Pd}\p{Zs}\t]/u;
const ONLY_DASHES = /^\p{Pd}+$/u;

/**
 * Text as search compares it, for the stored text and the query alike: compatibility forms unified (full-width
 * letters, ligatures), diacritics removed (é is e), lower case.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(FOLDED_MARKS, '').toLowerCase().normalize('NFC');
}

/** Folded text with its hyphens, dashes and spaces left out: what a term is looked for in. */
const joined = (folded: string) => folded.replace(JOINERS, '');

/**
 * What an event is found by: its title, location and description's text (never its markup), one per line, folded and
 * joined (no hyphens nor spaces), so that a term is found across them.
 */
export function searchTextOf(title: string, location: string, descriptionHtml: string): string {
  return joined(foldForSearch(`${title}\n${location}\n${richTextToPlain(descriptionHtml)}`));
}

/**
 * The query's words, folded and joined ("stand-up" is "standup"): every one must occur in an event's text, anywhere
 * (a prefix or any other part of a word, or across a hyphen or space). A query of hyphens only has none.
 */
export function searchTerms(query: string): string[] {
  return [...new Set(foldForSearch(query).split(/\s+/u).map(joined).filter((term) => term !== ''))];
}

/** How many characters (code points) a term has: full-text indexes count these, not UTF-16 units. */
export const termLength = (term: string): number => [...term].length;

/** The longest snippet, in characters, ellipses included. */
export const SNIPPET_MAX = 160;
/** How much of the text before the match a snippet shows, at most. */
const SNIPPET_LEAD = 50;
/** The most matches marked in one text of a hit (its title, location or snippet): a one-letter query marks no more. */
export const SEARCH_HIGHLIGHTS_MAX = 20;

/**
 * The text folded and joined code point by code point, with where each folded UTF-16 unit came from in the original:
 * the start of its code point there, and its end (past the accents that follow it, written apart, which fold away).
 */
function foldedWithOrigins(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const part = joined(foldForSearch(char));
    if (part === '' && ends.at(-1) === index && !JOINER.test(char)) ends[ends.length - 1] = index + char.length;
    folded += part;
    for (let i = 0; i < part.length; i++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    index += char.length;
  }
  return { folded, starts, ends };
}

/** Ranges of the text in order, with those that overlap, touch or stand apart by a hyphen or dash only made one. */
function merged(text: string, ranges: TextRange[]): TextRange[] {
  const result: TextRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = result.at(-1);
    if (last && (range.start <= last.end || ONLY_DASHES.test(text.slice(last.end, range.start)))) last.end = Math.max(last.end, range.end);
    else result.push({ ...range });
  }
  return result;
}

/**
 * Where the terms occur in a text as written (its own letter case, accents, hyphens and spaces): [start, end) in UTF-16
 * units, in order, never overlapping, at most SEARCH_HIGHLIGHTS_MAX. A match across a hyphen covers the hyphen, and
 * matches apart by a hyphen only are one ("stand up" searched marks "stand-up" whole).
 */
export function matchRanges(text: string, terms: readonly string[]): TextRange[] {
  const { folded, starts, ends } = foldedWithOrigins(text);
  const found: TextRange[] = [];
  for (const term of terms) {
    let count = 0;
    for (let at = folded.indexOf(term); at !== -1 && count < SEARCH_HIGHLIGHTS_MAX; at = folded.indexOf(term, at + term.length), count++) {
      found.push({ start: starts[at]!, end: ends[at + term.length - 1]! });
    }
  }
  return merged(text, found).slice(0, SEARCH_HIGHLIGHTS_MAX);
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
 * A short excerpt of the description's text (never its markup: no list bullets nor quote marks) around the first place
 * any term occurs, on one line: '' when no term occurs in it (the event matched by its title or location).
 */
export function snippetOf(descriptionHtml: string, terms: readonly string[], onFallback?: RenderingFallback): string {
  const text = richTextToPlain(descriptionHtml, onFallback).replace(/\s+/gu, ' ');
  const { folded, starts } = foldedWithOrigins(text);
  const found = terms.map((term) => folded.indexOf(term)).filter((at) => at !== -1);
  if (found.length === 0) return '';
  return excerpt(text, starts[Math.min(...found)]!);
}
