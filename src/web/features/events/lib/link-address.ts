import { RICH_TEXT_LINK_SCHEMES } from '../../../../shared/rich-text.ts';
import { withWebScheme } from '../../../../shared/web-link.ts';

const BARE_EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * The address a description's link goes to, as typed into the link box: "www.example.com" gets https:// and
 * "someone@example.com" mailto:, as people mean them. Null for anything the shared allow-list refuses (other schemes,
 * relative addresses, a web address without a host).
 */
export function linkAddress(input: string): string | null {
  const trimmed = input.trim();
  const candidate = BARE_EMAIL.test(trimmed) ? `mailto:${trimmed}` : withWebScheme(trimmed);
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme)) return null;
  if ((scheme === 'http' || scheme === 'https') && url.hostname === '') return null;
  return candidate;
}
