import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_REL, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../../shared/rich-text.ts';

/** A link's href must start with one of the shared schemes: relative, protocol-relative and script links are dropped. */
const LINK_SCHEME = new RegExp(`^(?:${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i');

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: LINK_SCHEME,
  // DOMPurify holds every attribute but these to the URI pattern: a list's start is a number.
  ADD_URI_SAFE_ATTR: ['start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: Purifier | null = null;

/** DOMPurify of its own (hooks are per instance), made on first use, when the page's window exists. */
function thePurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // ALLOWED_ATTR is one list for every tag: each tag keeps only its own attributes of the shared allow-list.
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A' || !(node as Element).hasAttribute('href')) return;
    (node as Element).setAttribute('target', '_blank');
    (node as Element).setAttribute('rel', RICH_TEXT_LINK_REL);
  });
  return purifier;
}

/**
 * A stored description made safe to show, again: only the shared allow-list of tags and attributes (the server
 * applied it on write; this guards against anything stored otherwise), links with the shared schemes only, each
 * opening in a new tab with no opener and no referrer.
 */
export function sanitiseRichText(html: string): string {
  const purifier = thePurifier();
  // DOMPurify hands back what it was given where it cannot work: then nothing is shown rather than that.
  if (html === '' || !purifier.isSupported) return '';
  return purifier.sanitize(html, CONFIG) as string;
}
