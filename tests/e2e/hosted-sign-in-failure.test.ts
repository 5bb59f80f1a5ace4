import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { channelContext, openTab, startHostedTabRig, type HostedTabRig } from './harness/hosted-tab.ts';

let rig: HostedTabRig;

beforeAll(async () => {
  rig = await startHostedTabRig();
});

afterAll(async () => {
  await rig?.close();
});

describe('when Teams cannot hand out a token', () => {
  test('the tab says what happened and what to do, tells Teams it stays on screen, and a retry signs in once Teams can', async () => {
    const open = await openTab(rig, '/', {
      frameContext: 'content',
      legacy: channelContext(),
      token: { ok: false, reason: 'FailedToOpenWindow' },
    });
    await open.tab.getByRole('heading', { name: 'You could not be signed in' }).waitFor();
    await open.tab.getByText(/FailedToOpenWindow.*Check that you are signed in to Teams and online, then try again/).waitFor();
    // An expected failure: a reported failure would have Teams cover the tab, and its Try again, with an error page.
    await expect.poll(async () => (await open.hostState()).expectedFailure).toEqual({
      reason: 'Other',
      message: expect.stringContaining('FailedToOpenWindow'),
    });
    const state = await open.hostState();
    expect(state.failure).toBeNull();
    expect(state.notifiedSuccess).toBe(false);
    // Single sign-on only: the tab never shows a sign-in of its own.
    expect(await open.tab.getByRole('button', { name: /sign in/i }).count()).toBe(0);

    await open.setToken({ ok: true, value: await rig.token() });
    await open.tab.getByRole('button', { name: 'Try again' }).click();
    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    // Teams took the expected failure as the one outcome of starting: no success, and never a failure, follows.
    const after = await open.hostState();
    expect(after.failure).toBeNull();
    expect(after.notifiedSuccess).toBe(false);
    await open.context.close();
  });

  test('when consent is missing, the tab says so and offers Teams’s consent popup instead of a sign-in of its own', async () => {
    const open = await openTab(rig, '/', {
      frameContext: 'content',
      legacy: channelContext(),
      token: { ok: false, reason: 'resourceRequiresConsent' },
    });
    await open.tab.getByRole('heading', { name: 'Company Calendar needs your permission' }).waitFor();
    await expect.poll(async () => (await open.hostState()).expectedFailure?.reason).toBe('PermissionError');
    expect((await open.hostState()).failure).toBeNull();
    // The popup itself (authentication.authenticate) needs the tab on https: teams-consent.test.ts.
    expect(await open.tab.getByRole('button', { name: 'Allow access' }).isEnabled()).toBe(true);
    expect(await open.tab.getByRole('button', { name: 'Allow access' }).isVisible()).toBe(true);
    expect(await open.tab.getByRole('button', { name: /sign in/i }).count()).toBe(0);
    await open.context.close();
  });
});

/** Fails downloads of teams-js's chunk, as a flaky network would, until the returned switch says otherwise. */
async function failTeamsSdk(context: BrowserContext): Promise<{ failing: boolean; failed: number }> {
  const teamsSdk = { failing: true, failed: 0 };
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (teamsSdk.failing && body.includes('teamsjs instance is version')) {
      teamsSdk.failed += 1;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response, body });
  });
  return teamsSdk;
}

describe('when teams-js does not download', () => {
  test('the tab says it could not start, and “Try again” downloads it again and signs in', async () => {
    let teamsSdk = { failing: true, failed: 0 };
    const open = await openTab(rig, '/', { frameContext: 'content', legacy: channelContext(), token: { ok: true, value: await rig.token() } }, [], async (context) => {
      teamsSdk = await failTeamsSdk(context);
    });
    await open.tab.getByRole('heading', { name: 'Company Calendar could not start' }).waitFor();
    expect(teamsSdk.failed).toBeGreaterThan(0);

    // A failed download is not remembered: the retry downloads teams-js again, and initializes it once.
    teamsSdk.failing = false;
    await open.tab.getByRole('button', { name: 'Try again' }).click();
    await open.tab.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    expect((await open.hostState()).calls.filter((call) => call.func === 'initialize')).toHaveLength(1);
    // The chunks fetched when idle may still be on their way through the route: closing ends them, unhandled.
    await open.context.unrouteAll({ behavior: 'ignoreErrors' });
    await open.context.close();
  });
});
