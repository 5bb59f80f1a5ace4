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

/** The character references the editor writes (it escapes only these), and the numeric ones. */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text a description shows, from its HTML: what its character count and limit go by, in the form and on the
 * server alike. Blocks and line breaks become newlines. For well-formed markup (the editor's output, the server's
 * sanitised HTML); never used to make markup.
 */
export function descriptionText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|h[1-6]|li|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n+$/, '');
}

/** Elements that hold nothing and have no end tag. */
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;

/**
 * How deep a description's elements nest, for well-formed markup (the editor's output): what the form checks against
 * EVENT_DESCRIPTION_NESTING_MAX before the server does. One pass, no recursion; every start tag but a void element's
 * opens a level (a void element is one level, holding nothing) and every end tag closes one. The server measures whatever it is sent with an HTML parser instead.
 */
export function descriptionNesting(html: string): number {
  let open = 0;
  let deepest = 0;
  for (const [, end, name] of html.matchAll(TAG)) {
    if (end) open = Math.max(0, open - 1);
    else if (VOID_TAGS.has(name!.toLowerCase())) deepest = Math.max(deepest, open + 1);
    else deepest = Math.max(deepest, ++open);
  }
  return deepest;
}
