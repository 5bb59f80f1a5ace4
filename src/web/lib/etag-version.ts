/** The version an ETag names (`"7"` → 7): what an If-Match made from it must say again. */
export function etagVersion(etag: string): number {
  return Number(etag.replace(/^W\//, '').replaceAll('"', ''));
}
