import { splitWebLinks } from './web-link.ts';

/**
 * The markup a description may hold: one allow-list that the server's sanitiser (on every write) and the web app's
 * (on every render) both apply, and the editor's toolbar produces. Anything else is dropped, its text kept.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'blockquote'] as const;

/** Attributes per tag; none other survives (no style, class, id or event handler). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href'], ol: ['start'] };

/** The link schemes a description's links may use. */
export const RICH_TEXT_LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;

/** What every link in a rendered description carries: a new tab, no opener, no referrer. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

const escapeHtml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Text escaped, its http(s) addresses made links: as the details showed a plain description's addresses. */
function linkedHtml(text: string): string {
  return splitWebLinks(text)
    .map((part) => (part.kind === 'text' ? escapeHtml(part.text) : `<a href="${escapeHtml(part.url)}">${escapeHtml(part.url)}</a>`))
    .join('');
}

/**
 * Plain text as the description's HTML: escaped, blank lines making paragraphs and single newlines breaks, and its
 * http(s) addresses links (never another scheme's).
 */
export function plainTextToHtml(text: string): string {
  if (text.trim() === '') return '';
  return text
    .replaceAll('\r\n', '\n')
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${linkedHtml(paragraph).replaceAll('\n', '<br />')}</p>`)
    .join('');
}
