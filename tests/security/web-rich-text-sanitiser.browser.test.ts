import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_LINK_REL, RICH_TEXT_TAGS } from '../../src/shared/rich-text.ts';
import { launchBrowser } from '../e2e/harness/browser.ts';
import { XSS_PAYLOADS } from './helpers/xss-corpus.ts';

// The web app's sanitiser (DOMPurify) needs a real DOM to be tested honestly: it is bundled as the app bundles it and
// run in Chromium, on a blank page of its own.
const MODULE = fileURLToPath(new URL('../../src/web/lib/sanitise-rich-text.ts', import.meta.url));

let browser: Browser;
let page: Page;

async function bundledSanitiser(): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: MODULE, formats: ['iife'], name: 'WebSanitiser', fileName: 'sanitiser' } },
  });
  return (Array.isArray(built) ? built[0]! : (built as Rolldown.RolldownOutput)).output[0].code;
}

beforeAll(async () => {
  const [code, launched] = await Promise.all([bundledSanitiser(), launchBrowser()]);
  browser = launched;
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: code });
});

afterAll(async () => {
  await browser?.close();
});

const sanitise = (html: string) =>
  page.evaluate((dirty) => (window as unknown as { WebSanitiser: { sanitiseRichText(html: string): string } }).WebSanitiser.sanitiseRichText(dirty), html);

const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="${RICH_TEXT_LINK_REL}">${text}</a>`;

describe('the web app’s description sanitiser, on every render', () => {
  it('keeps the allowed formatting, and makes every link open in a new tab with no opener or referrer', async () => {
    const html =
      '<h2>Agenda</h2><h3>Morning</h3><h4>Talks</h4><p><strong>Bold</strong>, <b>b</b>, <em>italic</em>, <i>i</i> and <u>underlined</u><br>next line</p>' +
      '<ul><li><p>one</p></li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quoted</p></blockquote>';
    expect(await sanitise(html)).toBe(html);
    expect(await sanitise('<p><a href="https://intranet.example.com/x?a=1&amp;b=2">link</a></p>')).toBe(`<p>${link('https://intranet.example.com/x?a=1&amp;b=2', 'link')}</p>`);
    for (const href of ['http://example.com', 'mailto:hr@example.com', 'tel:+441234567890']) expect(await sanitise(`<a href="${href}">x</a>`)).toBe(link(href, 'x'));
    // What a link said of its own target and rel is replaced.
    expect(await sanitise('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(link('https://example.com', 'x'));
  });

  it.each([
    ['<script>alert(1)</script><p>kept</p>', '<p>kept</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">kept</p>', '<p>kept</p>'],
    ['<img src="x" onerror="alert(1)"><p>kept</p>', '<p>kept</p>'],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg><p>kept</p>', '<p>kept</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>kept</p>', '<p>kept</p>'],
    ['<style>p{background:url(javascript:alert(1))}</style><p>kept</p>', '<p>kept</p>'],
    ['<p style="width: expression(alert(1)); color: red">kept</p>', '<p>kept</p>'],
    ['<iframe src="https://evil.example"></iframe><p>kept</p>', '<p>kept</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>kept</p>', '<p>kept</p>'],
    ['<p class="x" id="y" data-x="1" title="t" aria-label="l">kept</p>', '<p>kept</p>'],
    ['<ol start="2" reversed type="a"><li start="4">x</li></ol>', '<ol start="2"><li>x</li></ol>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>kept</p>', '<p>kept</p>'],
    ['<base href="https://evil.example/"><p>kept</p>', '<p>kept</p>'],
    ['<template><img src=x onerror=alert(1)></template><p>kept</p>', '<p>kept</p>'],
  ])('strips %s', async (dirty, clean) => {
    expect(await sanitise(dirty)).toBe(clean);
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '//evil.example/x', '/relative', 'ftp://example.com'])(
    'drops a link to %s, keeping its text',
    async (href) => {
      const result = await sanitise(`<p><a href="${href}">text</a></p>`);
      expect(result).not.toContain('href');
      expect(result).toContain('>text</a>');
    },
  );

  it('leaves nothing of the attack corpus that could run: only allowed elements, with only their allowed attributes', async () => {
    for (const payload of XSS_PAYLOADS) {
      const result = await sanitise(payload.text);
      const found = await page.evaluate((html) => {
        const template = document.createElement('template');
        template.innerHTML = html;
        return [...template.content.querySelectorAll('*')].map((element) => ({
          tag: element.localName,
          attributes: [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
        }));
      }, result);
      for (const { tag, attributes } of found) {
        expect(RICH_TEXT_TAGS as readonly string[], payload.name).toContain(tag);
        for (const attribute of attributes) expect(attribute, payload.name).toMatch(/^(?:href=(?:https?|mailto|tel):|start=|target=_blank$|rel=)/);
      }
    }
  });

  it('keeps the text of Word and Outlook markup, dropping its wrappers and styles', async () => {
    const word = '<p class="MsoNormal"><span style="font-family:Calibri"><b>Town hall</b></span><o:p></o:p></p><font color="red">red</font>';
    expect(await sanitise(word)).toBe('<p><b>Town hall</b></p>red');
  });

  it('shows a description stored nested far past EVENT_DESCRIPTION_NESTING_MAX (100k deep) without choking: its text kept', async () => {
    const depth = 100_000;
    const clean = await sanitise(`<p>${'<b>'.repeat(depth)}deep words${'</b>'.repeat(depth)}</p><p>after</p>`);
    // The browser's parser flattens what nests past its own bound; DOMPurify walks the tree without recursion.
    expect(clean.replace(/<[^>]*>/g, '')).toBe('deep wordsafter');
    expect(clean).toContain('<p>after</p>');
  });
});
