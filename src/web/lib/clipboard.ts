/**
 * Puts text on the clipboard, or says it could not: navigator.clipboard is missing outside secure contexts, and a host's
 * frame may deny clipboard-write (teams-js's clipboard capability is deprecated in favour of this API). Callers then
 * show the text for the user to copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
