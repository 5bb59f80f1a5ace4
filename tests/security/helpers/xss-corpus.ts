/**
 * Classic cross-site scripting payloads. Each one, should it ever run, records its id in the `__xss` array every
 * frame has (see script-execution-watch.ts) or calls alert(), which Playwright reports as a dialog from any frame.
 */
export interface XssPayload {
  id: number;
  name: string;
  text: string;
}

const mark = (id: number) => `__xss.push(${id})`;

export const XSS_PAYLOADS: readonly XssPayload[] = [
  { id: 1, name: 'script element', text: `<script>${mark(1)}</script>` },
  { id: 2, name: 'img onerror', text: `<img src=x onerror=${mark(2)}>` },
  { id: 3, name: 'svg onload', text: `<svg onload=${mark(3)}><script>${mark(3)}</script></svg>` },
  { id: 4, name: 'attribute breakout into an iframe srcdoc', text: `"><iframe srcdoc="<script>alert(4)</script>"></iframe>` },
  { id: 5, name: 'quote-breaking event handlers', text: `" autofocus onfocus="${mark(5)}" x=' onmouseover='${mark(5)}'` },
  { id: 6, name: 'javascript: and data: links', text: `<a href="javascript:${mark(6)}">a</a><object data="data:text/html,<script>alert(6)</script>">` },
  { id: 7, name: 'template literal', text: `\${${mark(7)}}\`\${alert(7)}\`` },
  { id: 8, name: 'template expression', text: `{{constructor.constructor('${mark(8)}')()}}` },
  { id: 9, name: 'textarea breakout', text: `</textarea><img src=x onerror=${mark(9)}>` },
  { id: 10, name: 'title breakout', text: `</title><script>${mark(10)}</script>` },
  { id: 11, name: 'right-to-left override and fullwidth brackets', text: `\u202Egpj.exe\u202C＜script＞${mark(11)}＜/script＞<img src=x onerror=${mark(11)}>` },
  { id: 12, name: 'HTML entities', text: `&lt;img src=x onerror=${mark(12)}&gt;&#60;script&#62;${mark(12)}&#60;/script&#62;` },
  { id: 13, name: 'details ontoggle', text: `<details open ontoggle=${mark(13)}><summary>x</summary></details>` },
  { id: 14, name: 'polyglot', text: 'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=alert(14) )//</stYle/</titLe/</teXtarEa/</scRipt/--!><sVg/oNloAd=alert(14)//>' },
];

/** Links the API must refuse: only http and https are stored. */
export const REFUSED_URLS: readonly string[] = [
  `javascript:${mark(20)}`,
  'JaVaScRiPt:alert(20)',
  ' javascript:alert(20)',
  'java\tscript:alert(20)',
  'javascript://example.com/%0Aalert(20)',
  'data:text/html,<script>alert(20)</script>',
  'vbscript:msgbox(20)',
  '//evil.example/',
];

/** An http link that is allowed, carrying payloads in its path, query and fragment. */
export const PAYLOAD_URL = `https://example.com/"><img src=x onerror=${mark(21)}>?q=<script>${mark(21)}</script>#" onmouseover="alert(21)`;
