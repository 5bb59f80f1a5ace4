import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/web/components/lazy-component.tsx';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
const render = (element: Parameters<typeof renderToString>[0]) => renderToString(element).replaceAll(/<!--.*?-->/g, '');

describe('a component whose code loads later', () => {
  it('fetches its code once, however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyComponent(load);
    await Promise.all([Part.preload(), Part.preload()]);
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once once its code is here, rather than its fallback first', async () => {
    const Part = lazyComponent(() => Promise.resolve(Greeting));
    const before = render(createElement(Part, { name: 'Ada', fallback: 'Loading' }));
    expect(before).toContain('Loading');
    expect(before).not.toContain('Hello');
    await Part.preload();
    expect(render(createElement(Part, { name: 'Ada', fallback: 'Loading' }))).toBe('<p>Hello Ada</p>');
  });

  it('settles a failed preload without an error, and tries again next time', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Part = lazyComponent(load);
    await expect(Part.preload()).resolves.toBeUndefined();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(render(createElement(Part, { name: 'Eddie' }))).toBe('<p>Hello Eddie</p>');
  });
});
