import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstRenderMs, recordFirstRender } from './harness/first-render.ts';
import { openTab, startHostedTabRig, type HostedTabRig, type OpenTab } from './harness/hosted-tab.ts';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';

let rig: HostedTabRig;
let open: OpenTab;

beforeAll(async () => {
  rig = await startHostedTabRig();
  open = await openTab(rig, '/', {
    frameContext: 'content',
    // SharePoint hosts the tab as a web part: its context carries the page's SharePoint context, and says dark.
    legacy: {
      locale: 'en-gb',
      theme: 'dark',
      entityId: 'calendar-web-part',
      userObjectId: 'eddie',
      tid: DEMO_TENANT_ID,
      loginHint: 'eddie@contoso.test',
      teamSiteUrl: 'https://contoso.sharepoint.com/sites/intranet',
      sharepoint: { webAbsoluteUrl: 'https://contoso.sharepoint.com/sites/intranet', isSPO: true },
    },
    token: { ok: true, value: await rig.token() },
  });
});

afterAll(async () => {
  await rig?.close();
});

/** The page's background and the fill of the primary "New event" button. */
function colours(tab: OpenTab) {
  return tab.tab.getByRole('button', { name: 'New event' }).evaluate((button) => {
    const provider = button.closest('.fui-FluentProvider');
    return { page: provider ? getComputedStyle(provider).backgroundColor : '', primary: getComputedStyle(button).backgroundColor };
  });
}

describe('a SharePoint web part', () => {
  test('shows the events and tells SharePoint it has loaded', async () => {
    recordFirstRender('sharepoint', await firstRenderMs(open.page, open.frame()));
    expect(await open.tab.locator('.cc-event').count()).toBeGreaterThan(5);
    const state = await open.hostState();
    expect(state.notifiedSuccess).toBe(true);
    expect(state.failure).toBeNull();
    expect(state.tokenRequests.length).toBeGreaterThan(0);
    // en-GB: weeks start on Monday.
    expect(await open.tab.locator('[role=columnheader]').first().textContent()).toMatch(/^Monday/);
  });

  test('uses SharePoint’s light theme, whatever the context or a theme change says', async () => {
    // webLightTheme: white, with the web brand colour (Teams's light theme is purple).
    const webLight = { page: 'rgb(255, 255, 255)', primary: 'rgb(15, 108, 189)' };
    expect(await colours(open)).toEqual(webLight);
    await open.pushTheme('contrast');
    await open.pushTheme('dark');
    // The pushes arrive and are answered in order; a Teams tab would be dark by now.
    await open.tab.getByRole('button', { name: 'New event' }).waitFor();
    expect(await colours(open)).toEqual(webLight);
  });
});
