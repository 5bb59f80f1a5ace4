import { describe, expect, it } from 'vitest';
import { foldForSearch, searchTerms, searchTextOf, SNIPPET_MAX, snippetOf } from '../../src/api/content/search-text.ts';
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
    expect(searchTerms('all-hands Q3')).toEqual(['all-hands', 'q3']);
  });

  it('is the title, location and description’s text, never its markup or a link’s address', () => {
    const text = searchTextOf('Town Hall', 'Atrium', '<p><strong>Board</strong> <a href="https://example.com/secret">agenda</a></p><ul><li>Q&amp;A</li></ul>');
    expect(text).toContain('town hall\natrium\n');
    expect(text).toContain('board agenda');
    expect(text).toContain('q&a');
    expect(text).not.toMatch(/strong|href|secret|<|li>/);
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

  it('is empty when no term is in the description, and puts its lines on one line', () => {
    expect(snippetOf(long, ['nowhere'])).toBe('');
    expect(snippetOf('', ['x'])).toBe('');
    expect(snippetOf('<p>First</p><p>Second line</p>', ['second'])).toBe('First Second line');
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
