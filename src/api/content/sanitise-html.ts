import { compile } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { EVENT_DESCRIPTION_NESTING_MAX } from '../../shared/limits.ts';
import { descriptionText, RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../../shared/rich-text.ts';
import { htmlNesting } from './html-nesting.ts';

const LINK_SCHEME = new RegExp(`^(?:${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i');
// Browsers ignore tabs, newlines and other controls inside a URL's scheme ("java\tscript:"), so they go before the check.
const withoutControls = (value: string) => [...value].filter((char) => char > ' ').join('');
const isAllowedHref = (href: string | undefined) => href !== undefined && LINK_SCHEME.test(withoutControls(href));

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Whatever is not allowed goes, its text kept; these go with their contents, which are code or styling, not text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object', 'xml'],
  // A link to anything but an allowed scheme (relative and protocol-relative ones included) loses its address: an
  // <a> without href goes nowhere. (Renaming it to another tag instead mislabels the closing tags of later links.)
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: isAllowedHref(attribs.href) ? attribs : {} }) },
  // Word and Outlook wrap pasted text in spans and fonts with styles: only their text is kept.
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** Whether the text holds at most `max` of `<`: every element level needs a start tag, so no more can nest deeper. */
function fewTags(html: string, max: number): boolean {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) if (++count > max) return false;
  return true;
}

// Most descriptions hold few tags and need no parse for this (a parse costs a third of a conversion's time).
const withinNesting = (html: string) => fewTags(html, EVENT_DESCRIPTION_NESTING_MAX) || htmlNesting(html, EVENT_DESCRIPTION_NESTING_MAX) <= EVENT_DESCRIPTION_NESTING_MAX;

/**
 * A description's HTML with only the allow-listed markup of shared/rich-text.ts: run on every write. Null when its
 * elements nest deeper than EVENT_DESCRIPTION_NESTING_MAX, found by one linear scan before anything else reads it.
 */
export function sanitiseRichText(html: string): string | null {
  if (html === '') return '';
  if (!withinNesting(html)) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // Markup with no text left in it (an empty paragraph, a lone break) is an empty description.
  return richTextToPlain(clean) === '' ? '' : clean;
}

// Compiled once: convert() compiles its options on every call, which was 95% of its time (230 µs against 10 µs for a
// short description), and this runs on every write, in every search index update and for every search hit's snippet.
const HEADINGS_AS_WRITTEN = ['h2', 'h3', 'h4'].map((selector) => ({ selector, options: { uppercase: false } }));
// What a person reads: no " * " before a list's items nor "> " before a quote's lines, which snippets would show as
// they are (an ordered list keeps its numbers, which are words of the text).
const toPlain = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    ...HEADINGS_AS_WRITTEN,
    // A prefix of '' is taken for none given, and the default used: a space is collapsed with the rest.
    { selector: 'ul', options: { itemPrefix: ' ' } },
    { selector: 'blockquote', format: 'block' },
  ],
});
// A link's address after its text ("notes [https://…]"), unless the text is the address: for a reader with no HTML.
const toPlainWithLinks = compile({
  wordwrap: false,
  selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }, ...HEADINGS_AS_WRITTEN],
});

/**
 * Told when a stored description could not be converted as written (nested past EVENT_DESCRIPTION_NESTING_MAX, as it
 * could be stored before that limit, or the converter failed on it) and its text was stripped without markup instead:
 * why, for the log line that names the event.
 */
export type RenderingFallback = (reason: string) => void;

/** Where a rendering fallback is reported: the server's log. */
export interface RenderingLog {
  warn(object: object, message: string): void;
}

/** The report of one event's description: a warning naming the event, in the log given (none without one). */
export function fallbackReport(log: RenderingLog | undefined, eventId: string): RenderingFallback | undefined {
  return log && ((reason) => log.warn({ eventId, reason }, 'a stored description could not be converted as written: its text was stripped of markup instead'));
}

/**
 * The converter's text of a stored description, or its text stripped of markup by descriptionText (a linear pass,
 * no recursion) when the converter cannot take it: one stored value never fails a whole export or search answer.
 */
function convertedOrStripped(html: string, convert: (html: string) => string, onFallback: RenderingFallback | undefined): string {
  if (html === '') return '';
  let reason = `its elements nest deeper than ${EVENT_DESCRIPTION_NESTING_MAX}`;
  if (withinNesting(html)) {
    try {
      return convert(html).trim();
    } catch (error) {
      reason = `the converter failed: ${String(error)}`;
    }
  }
  onFallback?.(reason);
  return descriptionText(html).trim();
}

/** The text a person reads in a description, for search and previews: block breaks kept, links' URLs left out. */
export function richTextToPlain(html: string, onFallback?: RenderingFallback): string {
  return convertedOrStripped(html, toPlain, onFallback);
}

/** The description as plain text for another calendar app (iCalendar's DESCRIPTION): its links' addresses kept. */
export function richTextToPlainWithLinks(html: string, onFallback?: RenderingFallback): string {
  return convertedOrStripped(html, toPlainWithLinks, onFallback);
}
