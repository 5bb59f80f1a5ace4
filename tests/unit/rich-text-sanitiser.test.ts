import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitiseRichText } from '../../src/api/content/sanitise-html.ts';
import { plainTextToHtml } from '../../src/shared/rich-text.ts';

describe('the server’s description sanitiser', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h2>Agenda</h2><p><strong>Bold</strong>, <em>italic</em> and <u>underlined</u><br />next line</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quoted</p></blockquote>' +
      '<p><a href="https://intranet.example.com/x?a=1&amp;b=2">link</a> <a href="mailto:hr@example.com">mail</a></p>';
    expect(sanitiseRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>kept</p>', '<p>kept</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">kept</p>', '<p>kept</p>'],
    ['<img src="x" onerror="alert(1)"><p>kept</p>', '<p>kept</p>'],
    ['<p><a href="javascript:alert(1)">text</a></p>', '<p><a>text</a></p>'],
    ['<p><a href="JaVaScRiPt:alert(1)">text</a></p>', '<p><a>text</a></p>'],
    ['<p><a href="java&#x09;script:alert(1)">text</a></p>', '<p><a>text</a></p>'],
    ['<p><a href="data:text/html,<script>alert(1)</script>">text</a></p>', '<p><a>text</a></p>'],
    ['<p><a href="vbscript:msgbox(1)">text</a></p>', '<p><a>text</a></p>'],
    ['<p><a href="//evil.example/x">text</a></p>', '<p><a>text</a></p>'],
    ['<svg onload="alert(1)"><script>alert(1)</script><text>svg text</text></svg><p>kept</p>', '<p>kept</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>kept</p>', '<p>kept</p>'],
    ['<style>p{background:url(javascript:alert(1))}</style><p>kept</p>', '<p>kept</p>'],
    ['<p style="width: expression(alert(1)); color: red">kept</p>', '<p>kept</p>'],
    ['<iframe src="https://evil.example"></iframe><p>kept</p>', '<p>kept</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>kept</p>', '<p>kept</p>'],
    ['<form action="https://evil.example"><input name="x"><button>Go</button></form>', 'Go'],
    ['<p class="x" id="y" data-x="1" title="t">kept</p>', '<p>kept</p>'],
    ['<a href="https://example.com" target="_self" rel="opener">x</a>', '<a href="https://example.com">x</a>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>kept</p>', '<p>kept</p>'],
    ['<base href="https://evil.example/"><p>kept</p>', '<p>kept</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript><p>kept</p>', '<p>kept</p>'],
  ])('strips %s', (dirty, clean) => expect(sanitiseRichText(dirty)).toBe(clean));

  it('keeps every later link whole after one it refused', () => {
    expect(sanitiseRichText('<p><a href="javascript:x()">bad</a> <a href="https://x.example">good</a> <a href="/relative">rel</a></p>')).toBe(
      '<p><a>bad</a> <a href="https://x.example">good</a> <a>rel</a></p>',
    );
  });

  it('keeps the text of Word and Outlook markup, dropping its wrappers and styles', () => {
    const word =
      '<p class="MsoNormal"><span style="font-family:Calibri"><b>Town hall</b></span><o:p></o:p></p>' +
      '<table><tr><td>cell</td></tr></table><font color="red">red</font><h1>Big</h1>';
    expect(sanitiseRichText(word)).toBe('<p><b>Town hall</b></p>cellredBig');
  });

  it('makes markup with no text in it an empty description', () => {
    expect(sanitiseRichText('<p></p><p><br></p>')).toBe('');
    expect(sanitiseRichText('<script>x</script>')).toBe('');
  });

  it('derives the text a person reads: blocks on their own lines, no markup, no link addresses, no list bullets', () => {
    expect(richTextToPlain('<h2>Agenda</h2><p>Talk by <a href="https://x.example">Ada</a> &amp; Bo</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Agenda\n\nTalk by Ada & Bo\n\n one\n two',
    );
    expect(richTextToPlain('<p><strong>strong</strong></p>')).toBe('strong');
  });
});

describe('plain text as HTML (the migration of descriptions written before rich text)', () => {
  it('escapes markup, makes paragraphs of blank lines and breaks of single newlines', () => {
    expect(plainTextToHtml('a < b & "c"\nnext\n\n\nsecond')).toBe('<p>a &lt; b &amp; &quot;c&quot;<br />next</p><p>second</p>');
    expect(plainTextToHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(plainTextToHtml('  \n ')).toBe('');
    expect(plainTextToHtml('See https://x.example/a?b=1&c=2 or javascript:alert(1)')).toBe(
      '<p>See <a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a> or javascript:alert(1)</p>',
    );
  });

  it('shows the same text after sanitising', () => {
    const html = plainTextToHtml('Bring\nsketches');
    expect(sanitiseRichText(html)).toBe(html);
    expect(richTextToPlain(html)).toBe('Bring\nsketches');
  });
});
