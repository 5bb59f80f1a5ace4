import { describe, expect, it } from 'vitest';
import { htmlNesting } from '../../src/api/content/html-nesting.ts';
import { richTextToPlain, richTextToPlainWithLinks, sanitiseRichText } from '../../src/api/content/sanitise-html.ts';
import { searchTextOf, snippetOf } from '../../src/api/content/search-text.ts';
import { EVENT_DESCRIPTION_NESTING_MAX } from '../../src/shared/limits.ts';
import { descriptionNesting } from '../../src/shared/rich-text.ts';
import { descriptionTextError } from '../../src/web/features/events/lib/rich-fields.ts';
import { EVENT_FORM_ERROR_MESSAGES as E } from '../../src/web/features/events/lib/event-form-messages.ts';

/** Text inside `depth` elements of `tag`, every one closed. */
const nested = (depth: number, tag = 'b', text = 'deep words') => `<${tag}>`.repeat(depth) + text + `</${tag}>`.repeat(depth);
/** A list indented `levels` times, as the editor writes it: each level a list in a list item (two elements). */
const indentedList = (levels: number) => '<ul><li><p>item</p>'.repeat(levels) + '</li></ul>'.repeat(levels);
/** Far past any stack: a walk that recursed once per level would throw RangeError here. */
const FAR_PAST = 100_000;

describe('how deep HTML nests, as a parser builds it', () => {
  it.each([
    ['nothing', 'plain text', 0],
    ['a paragraph', '<p>text</p>', 1],
    ['the editor’s nested list', '<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>', 5],
    ['void elements, which hold nothing', '<p>a<br>b<br/>c<br></p>', 2],
    ['paragraphs left open, which the next one closes', '<p>a<p>b<p>c<p>d', 1],
    ['list items left open, which the next one closes', '<ul><li>a<li>b<li>c</ul>', 2],
    ['end tags of elements not open, which close nothing', '<b><b><b></i></i></i></u><b>x', 4],
    ['a self-closing start tag outside SVG, which HTML opens', '<b/><b/><b/>x', 3],
    ['markup inside a comment or a script, which is text', '<!--<b><b><b>--><script><b><b></script>', 1],
    ['upper-case tags', '<B><I>x</i></b>', 2],
  ])('%s', (_, html, depth) => {
    expect(htmlNesting(html, EVENT_DESCRIPTION_NESTING_MAX)).toBe(depth);
  });

  it('stops one level past the bound, however deep the input goes', () => {
    expect(htmlNesting('<b>'.repeat(FAR_PAST), 10)).toBe(11);
    expect(htmlNesting(nested(FAR_PAST), EVENT_DESCRIPTION_NESTING_MAX)).toBe(EVENT_DESCRIPTION_NESTING_MAX + 1);
  });

  it('the shared count for well-formed markup (the form’s) agrees with the parser on the editor’s output', () => {
    for (const html of [indentedList(1), indentedList(30), nested(EVENT_DESCRIPTION_NESTING_MAX), '<p>a<br>b</p><h2>t</h2><ol start="3"><li>x</li></ol>']) {
      expect(descriptionNesting(html)).toBe(htmlNesting(html, Number.MAX_SAFE_INTEGER));
    }
    expect(descriptionNesting(nested(FAR_PAST))).toBe(FAR_PAST);
  });
});

describe('the sanitiser refuses nesting past EVENT_DESCRIPTION_NESTING_MAX', () => {
  it('keeps a description nested to the limit as it is', () => {
    const html = nested(EVENT_DESCRIPTION_NESTING_MAX, 'b');
    expect(sanitiseRichText(html)).toBe(html);
  });

  it('keeps shallow markup with many more tags than the limit (the count of tags alone does not refuse)', () => {
    const html = '<p>line</p>'.repeat(EVENT_DESCRIPTION_NESTING_MAX * 3);
    expect(sanitiseRichText(html)).toBe(html);
  });

  it('refuses one level more, and far more, without reading it', () => {
    expect(sanitiseRichText(nested(EVENT_DESCRIPTION_NESTING_MAX + 1))).toBeNull();
    expect(sanitiseRichText(nested(FAR_PAST))).toBeNull();
    // Elements outside the allow-list count too: the sanitiser's parser builds them before it drops them.
    expect(sanitiseRichText(nested(EVENT_DESCRIPTION_NESTING_MAX + 1, 'span'))).toBeNull();
  });

  it('the form says so at the same depth, for a list indented too often', () => {
    // Each level two elements, and the innermost paragraph one more.
    const levels = Math.floor((EVENT_DESCRIPTION_NESTING_MAX - 1) / 2);
    expect(descriptionTextError(indentedList(levels))).toBeNull();
    expect(descriptionTextError(indentedList(levels + 1))).toEqual({ message: E.descriptionTooDeep, values: { max: EVENT_DESCRIPTION_NESTING_MAX } });
  });
});

describe('a stored description too deep to convert (stored before the limit) degrades to its text', () => {
  const stored = `<p>Agenda</p><p>${nested(FAR_PAST)}</p><p>More &amp; more</p>`;

  it.each([
    ['richTextToPlain', richTextToPlain],
    ['richTextToPlainWithLinks', richTextToPlainWithLinks],
  ])('%s: its text stripped without recursion, and the fallback reported', (_, convert) => {
    const reasons: string[] = [];
    expect(convert(stored, (reason) => reasons.push(reason))).toBe('Agenda\ndeep words\nMore & more');
    expect(reasons).toEqual([`its elements nest deeper than ${EVENT_DESCRIPTION_NESTING_MAX}`]);
  });

  it('one at the limit is converted, with nothing reported', () => {
    const reasons: string[] = [];
    expect(richTextToPlainWithLinks(`<p>${nested(EVENT_DESCRIPTION_NESTING_MAX - 2, 'b', '<a href="https://x.example/">x</a>')}</p>`, (reason) => reasons.push(reason))).toBe(
      'x [https://x.example/]',
    );
    expect(reasons).toEqual([]);
  });

  it('search finds it and shows a snippet of it', () => {
    expect(searchTextOf('Title', 'Room', stored)).toContain('deepwords');
    const reasons: string[] = [];
    expect(snippetOf(stored, ['deep'], (reason) => reasons.push(reason))).toBe('Agenda deep words More & more');
    expect(reasons).toHaveLength(1);
  });
});
