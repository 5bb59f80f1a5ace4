import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../../shared/rich-text.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Whatever is not allowed goes, its text kept; these go with their contents, which are code or styling, not text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object', 'xml'],
  // A link whose scheme was refused loses its href: an <a> without one says nothing, so it goes too (its text stays).
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
  // Word and Outlook wrap pasted text in spans and fonts with styles: only their text is kept.
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** A description's HTML with only the allow-listed markup of shared/rich-text.ts: run on every write. */
export function sanitiseRichText(html: string): string {
  if (html === '') return '';
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // Markup with no text left in it (an empty paragraph, a lone break) is an empty description.
  return richTextToPlain(clean) === '' ? '' : clean;
}

/** The text a person reads in a description, for search, iCalendar and previews: block breaks kept, links' URLs left out. */
export function richTextToPlain(html: string): string {
  if (html === '') return '';
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
    ],
  }).trim();
}
