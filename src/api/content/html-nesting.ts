import { Parser } from 'htmlparser2';

/**
 * How deep the elements of some HTML nest, as an HTML parser builds them (implied end tags close, stray end tags are
 * ignored, void elements hold nothing), counted up to the first level past `stopAbove`, where the scan stops. The
 * parser streams its callbacks without recursion and the count stops early, so any input costs at most one linear pass:
 * this is what keeps deep markup from the sanitiser and the converters, which recurse once per level.
 */
export function htmlNesting(html: string, stopAbove: number): number {
  let open = 0;
  let deepest = 0;
  const parser = new Parser(
    {
      onopentag() {
        open += 1;
        if (open <= deepest) return;
        deepest = open;
        if (deepest > stopAbove) parser.pause();
      },
      onclosetag() {
        open -= 1;
      },
    },
    // As sanitize-html and html-to-text parse it.
    { lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return deepest;
}
