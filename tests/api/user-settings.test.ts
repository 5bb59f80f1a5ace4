import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/shared/problem.ts';
import type { Me } from '../../src/shared/user.ts';
import { DEFAULT_USER_SETTINGS, type VersionedSettings } from '../../src/shared/user-settings-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let eddie: string;
let riley: string;
let outsider: string;

beforeAll(async () => {
  api = await build();
  [eddie, riley] = await Promise.all([api.tokenFor('eddie'), api.tokenFor('riley')]);
  // Another organisation's person with eddie's user id: their settings are their own.
  outsider = await api.mintToken({ oid: 'eddie', tid: OTHER_TENANT_ID, name: 'Eddie of Contoso' });
});
afterAll(() => api.close());

const settingsOf = (token: string) => api.request<VersionedSettings>('GET', '/api/me/settings', { token });
const patch = (token: string, body: unknown, ifMatch?: string) =>
  api.request<VersionedSettings & Problem>('PATCH', '/api/me/settings', { token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

describe('a person’s settings', () => {
  it('are the defaults, at version 0, until they change one; /api/me carries them too', async () => {
    const own = await settingsOf(riley);
    expect(own.status).toBe(200);
    expect(own.headers.get('etag')).toBe('"0"');
    expect(own.body).toEqual({ values: DEFAULT_USER_SETTINGS, version: 0 });
    const me = await api.request<Me>('GET', '/api/me', { token: riley });
    expect(me.body.settings).toEqual({ values: DEFAULT_USER_SETTINGS, version: 0 });
  });

  it('change with If-Match: the named ones only, the version one up, and the same on the next read and in /api/me', async () => {
    const changed = await patch(eddie, { timeFormat: 'h23', workingHours: { startHour: 7, endHour: 16 } }, '"0"');
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe('"1"');
    const expected = { ...DEFAULT_USER_SETTINGS, timeFormat: 'h23', workingHours: { startHour: 7, endHour: 16 } };
    expect(changed.body).toEqual({ values: expected, version: 1 });
    const again = await patch(eddie, { weekNumbers: true }, '"1"');
    expect(again.body).toEqual({ values: { ...expected, weekNumbers: true }, version: 2 });
    expect((await settingsOf(eddie)).body).toEqual({ values: { ...expected, weekNumbers: true }, version: 2 });
    expect((await api.request<Me>('GET', '/api/me', { token: eddie })).body.settings).toEqual({ values: { ...expected, weekNumbers: true }, version: 2 });
    // Nobody else's changed.
    expect((await settingsOf(riley)).body.values).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('refuse a change without If-Match (428) or with a stale one (412), and keep what they were', async () => {
    const before = await settingsOf(eddie);
    expect((await patch(eddie, { timeFormat: 'h12' })).status).toBe(428);
    const stale = await patch(eddie, { timeFormat: 'h12' }, '"0"');
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await settingsOf(eddie)).toMatchObject({ body: before.body, status: 200 });
    expect((await settingsOf(eddie)).headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it.each([
    ['an unknown setting', { theme: 'dark' }],
    ['an unknown time format', { timeFormat: 'h24' }],
    ['a working day that ends before it starts', { workingHours: { startHour: 18, endHour: 8 } }],
    ['an hour past 24', { workingHours: { startHour: 8, endHour: 25 } }],
    ['half an hour', { workingHours: { startHour: 8.5, endHour: 17 } }],
    ['week numbers as text', { weekNumbers: 'yes' }],
    ['nothing to change', {}],
  ])('refuse %s with 400 and a problem naming it, and change nothing', async (_case, body) => {
    const before = await settingsOf(eddie);
    const response = await patch(eddie, body, '*');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors?.length).toBeGreaterThan(0);
    const after = await settingsOf(eddie);
    expect(after.body).toEqual(before.body);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('are kept apart across tenants, for one user id in both', async () => {
    expect((await settingsOf(outsider)).body).toEqual({ values: DEFAULT_USER_SETTINGS, version: 0 });
    expect((await patch(outsider, { timeFormat: 'h12' }, '"0"')).status).toBe(200);
    expect((await settingsOf(eddie)).body.values.timeFormat).toBe('h23');
  });

  it('need a signed-in caller', async () => {
    const response = await api.request<Problem>('GET', '/api/me/settings');
    expect(response.status).toBe(401);
    expect((await api.request<Problem>('PATCH', '/api/me/settings', { body: { weekNumbers: true }, headers: { 'if-match': '*' } })).status).toBe(401);
  });
});
