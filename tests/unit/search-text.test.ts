import { describe, expect, it } from 'vitest';
import { foldForSearch, matchRanges, SEARCH_HIGHLIGHTS_MAX, searchTerms, searchTextOf, SNIPPET_MAX, snippetOf } from '../../src/api/content/search-text.ts';
import { decodeCursor, encodeCursor } from '../../src/api/search/search-cursor.ts';
import { HttpProblem } from '../../src/api/errors.ts';

describe('foldForSearch', () => {
  it('drops case and Latin, Greek, Cyrillic and Arabic diacritics, and unifies compatibility forms', () => {
    expect(foldForSearch('Café Zürich ÅNGSTRÖM naïve façade')).toBe('cafe zurich angstrom naive facade');
    expect(foldForSearch('İstanbul')).toBe('istanbul');
    expect(foldForSearch('ﬁnance ＵＸ')).toBe('finance ux');
    expect(foldForSearch('Ἀθῆναι')).toBe('αθηναι');
    expect(foldForSearch('مُدِير')).toBe('مدير');
    // Text already decomposed folds as the composed form does.
    expect(foldForSearch('Cafe\u0301')).toBe(foldForSearch('Café'));
  });

  it('keeps marks that change a word, such as the Japanese dakuten', () => {
    expect(foldForSearch('会議 がくせい')).toBe('会議 がくせい');
    expect(foldForSearch('がくせい')).not.toBe(foldForSearch('かくせい'));
  });
});

describe('searchTerms and searchTextOf', () => {
  it('splits the query on white space into distinct folded terms', () => {
    expect(searchTerms('  Town   HALL\tcafé town ')).toEqual(['town', 'hall', 'cafe']);
    expect(searchTerms('all-hands Q3')).toEqual(['allhands', 'q3']);
  });

  it('leaves hyphens and dashes out of terms: one of them only is none', () => {
    expect(searchTerms('Stand-Up e‑mail 2026–12')).toEqual(['standup', 'email', '202612']);
    expect(searchTerms(' - — ')).toEqual([]);
  });

  it('is the title, location and description’s text, never its markup or a link’s address', () => {
    const text = searchTextOf('Town Hall', 'Atrium', '<p><strong>Board</strong> <a href="https://example.com/secret">agenda</a></p><ul><li>Q&amp;A</li></ul>');
    expect(text).toContain('townhall\natrium\n');
    expect(text).toContain('boardagenda');
    expect(text).toContain('q&a');
    expect(text).not.toMatch(/strong|href|secret|<|li>|\*/);
  });

  it('leaves hyphens, dashes and spaces out, and keeps the lines apart', () => {
    expect(searchTextOf('Stand-up — daily', 'Room\u00a0B', '<p>E-mail</p><ul><li>One</li><li>Two two</li></ul><blockquote><p>Said</p></blockquote>')).toBe(
      'standupdaily\nroomb\nemail\n\none\ntwotwo\n\nsaid',
    );
  });
});

describe('snippetOf', () => {
  const long = `<p>${'Opening words of a long description. '.repeat(6)}Bring your <em>hiking</em> boots for the ridge walk. ${'Closing words follow here. '.repeat(6)}</p>`;

  it('cuts the description’s text around the first match, at word boundaries, within SNIPPET_MAX characters', () => {
    const snippet = snippetOf(long, ['hiking']);
    expect(snippet).toMatch(/^…\S.*Bring your hiking boots.*\S…$/);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(snippetOf(long, ['zzz', 'ridge'])).toContain('ridge walk');
  });

  it('finds the match whatever its case and accents, and shows the text as written', () => {
    expect(snippetOf('<p>Rendez-vous au Café de la Gare</p>', ['cafe'])).toBe('Rendez-vous au Café de la Gare');
  });

  it('finds a term across a hyphen or a space, and shows no list bullets nor quote marks', () => {
    expect(snippetOf('<p>Notes</p><ul><li>Daily stand-up</li><li>Retro</li></ul><blockquote><p>Quoted</p></blockquote>', ['standup'])).toBe(
      'Notes Daily stand-up Retro Quoted',
    );
    expect(snippetOf('<ol><li>First</li><li>Second</li></ol>', ['second'])).toBe('1. First 2. Second');
  });

  it('is empty when no term is in the description, and puts its lines on one line', () => {
    expect(snippetOf(long, ['nowhere'])).toBe('');
    expect(snippetOf('', ['x'])).toBe('');
    expect(snippetOf('<p>First</p><p>Second line</p>', ['second'])).toBe('First Second line');
  });
});

describe('matchRanges', () => {
  const marked = (text: string, query: string) => matchRanges(text, searchTerms(query)).map(({ start, end }) => text.slice(start, end));

  it('marks every match as written, whatever its case and accents, across hyphens and spaces', () => {
    expect(marked('Café Stand-Up at the café', 'cafe standup')).toEqual(['Café', 'Stand-Up', 'café']);
    expect(marked('Stand up, then stand–up', 'stand-up')).toEqual(['Stand up', 'stand–up']);
    expect(marked('Cafe\u0301 ＵＸ', 'café ux')).toEqual(['Cafe\u0301', 'ＵＸ']);
    expect(marked('Team lunch', 'nowhere')).toEqual([]);
  });

  it('makes overlapping and touching matches one, and those apart by a hyphen only, in order', () => {
    expect(matchRanges('meeting', ['meet', 'eting'])).toEqual([{ start: 0, end: 7 }]);
    expect(matchRanges('abcabc', ['bc', 'a'])).toEqual([{ start: 0, end: 6 }]);
    expect(matchRanges('x ab y ab', ['ab'])).toEqual([{ start: 2, end: 4 }, { start: 7, end: 9 }]);
    expect(marked('Daily stand-up, stand up', 'stand up')).toEqual(['stand-up', 'stand', 'up']);
  });

  it(`marks at most SEARCH_HIGHLIGHTS_MAX (${SEARCH_HIGHLIGHTS_MAX}) matches in a text`, () => {
    const ranges = matchRanges('a, '.repeat(100), ['a']);
    expect(ranges).toHaveLength(SEARCH_HIGHLIGHTS_MAX);
    expect(ranges.at(-1)).toEqual({ start: 3 * (SEARCH_HIGHLIGHTS_MAX - 1), end: 3 * (SEARCH_HIGHLIGHTS_MAX - 1) + 1 });
  });
});

describe('search cursors', () => {
  it('decode what encodeCursor wrote, opaque and URL-safe', () => {
    const cursor = { referenceMs: 1_800_000_000_000, after: { startMs: -86_400_000, id: 'series-1:2027-01-01T09:00:00.000Z' } };
    const token = encodeCursor(cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token)).toEqual(cursor);
  });

  it('refuse anything else with a 400 naming the cursor', () => {
    const tokens = ['', 'a b', '%%%', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[1.5,2,"x"]').toString('base64url'), Buffer.from('[1,2,3]').toString('base64url')];
    for (const token of tokens) {
      let thrown: unknown;
      try {
        decodeCursor(token);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpProblem);
      expect((thrown as HttpProblem).status).toBe(400);
      expect((thrown as HttpProblem).errors?.map((error) => error.field)).toEqual(['cursor']);
    }
  });
});
