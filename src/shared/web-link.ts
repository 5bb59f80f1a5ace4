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
