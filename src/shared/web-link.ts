// A web address as people type it: "www.example.com" means https://www.example.com.
/**
 * A host with a dot in it (a name or an IPv4 address), an optional port, then optionally a path, query or fragment.
 * An address with a scheme does not match: after a scheme's colon comes more than a port's digits.
 */
const BARE_HOST = /^[^\s/?#@:]+\.[^\s/?#@:]+(?::\d+)?(?:[/?#]\S*)?$/;

/**
 * The address with https:// in front when it was typed without a scheme and names a host ("www.example.com",
 * "intranet.contoso.com/events?id=1"); anything else as it is, for the schema to judge (it takes http and https only).
 */
export function withWebScheme(value: string): string {
  const trimmed = value.trim();
  return BARE_HOST.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** Whether the value is an http or https address: the only links an event holds. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) address in running text: the scheme, then anything up to a space, a quote or an angle bracket. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence or a quote rather than the address before it. */
const TRAILING_PUNCTUATION = /[.,;:!?'’”»)\]}]$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

/** The address without the punctuation after it; a closing bracket stays when the address opened it, as Wikipedia's do. */
function trimAddress(candidate: string): string {
  let address = candidate;
  while (TRAILING_PUNCTUATION.test(address)) {
    const last = address.slice(-1);
    const opener = ({ ')': '(', ']': '[', '}': '{' } as Partial<Record<string, string>>)[last];
    if (opener && address.split(opener).length > address.split(last).length - 1) break;
    address = address.slice(0, -1);
  }
  return address;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Plain text split into its text and its http(s) addresses, for showing the addresses as links. Only http and
 * https are ever links: "javascript:" and every other scheme stay text.
 */
export function splitWebLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const url = trimAddress(match[0]);
    if (!isWebAddress(url)) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', url });
    at = match.index + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
