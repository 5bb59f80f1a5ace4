import { describe, expect, it } from 'vitest';
import { createGroupOverage, GROUP_OVERAGE_FAILURE_TTL_MS, GROUP_OVERAGE_TTL_MS, GROUP_OVERAGE_USERS_MAX, type MemberGroupsLookup } from '../../src/api/auth/group-overage.ts';
import type { Principal } from '../../src/api/auth/principal.ts';

const principal = (id: string, tenantId = 'tenant-1'): Principal => ({ id, tenantId, name: id, appRoles: [], groups: [], groupsOverage: true });
/** A clock turned by hand: periods pass when the test says, however slowly the machine runs. */
function handClock() {
  // Not 0: lru-cache reads a start of 0 as "no expiry".
  let ms = 1_000;
  return { now: () => ms, pass: (more: number) => (ms += more) };
}

function recordingLog() {
  const warnings: { object: object; message: string }[] = [];
  return { warnings, log: { warn: (object: object, message: string) => warnings.push({ object, message }) } };
}

function countingLookup(groups: (userId: string) => string[]) {
  const calls: string[] = [];
  const lookup: MemberGroupsLookup = async ({ userId, assertion }) => {
    calls.push(`${userId}:${assertion}`);
    return groups(userId);
  };
  return { calls, lookup };
}

describe('group overage', () => {
  it('names its bounds', () => {
    expect(GROUP_OVERAGE_USERS_MAX).toBe(10_000);
    expect(GROUP_OVERAGE_TTL_MS).toBe(600_000);
    expect(GROUP_OVERAGE_FAILURE_TTL_MS).toBe(60_000);
  });

  it('looks a user’s groups up once, shared by concurrent requests, then answers at once', async () => {
    const { calls, lookup } = countingLookup((userId) => [`${userId}-group`]);
    const overage = createGroupOverage({ lookup, log: recordingLog().log });
    const [a, b] = await Promise.all([overage.withGroups(principal('ann'), 'token-1'), overage.withGroups(principal('ann'), 'token-2')]);
    expect(a.groups).toEqual(['ann-group']);
    expect(b.groups).toEqual(['ann-group']);
    expect(calls).toEqual(['ann:token-1']);
    const again = overage.withGroups(principal('ann'), 'token-3');
    expect(again).not.toBeInstanceOf(Promise);
    expect((again as Principal).groups).toEqual(['ann-group']);
  });

  it('keeps tenants and users apart', async () => {
    const { calls, lookup } = countingLookup((userId) => [userId]);
    const overage = createGroupOverage({ lookup, log: recordingLog().log });
    expect((await overage.withGroups(principal('same', 'tenant-1'), 't')).groups).toEqual(['same']);
    await overage.withGroups(principal('same', 'tenant-2'), 't');
    expect(calls).toHaveLength(2);
  });

  it('remembers at most usersMax users, the least recently seen going first', async () => {
    const { calls, lookup } = countingLookup(() => []);
    const overage = createGroupOverage({ lookup, log: recordingLog().log, usersMax: 2 });
    for (const user of ['u1', 'u2', 'u3']) await overage.withGroups(principal(user), 't');
    await overage.withGroups(principal('u3'), 't');
    await overage.withGroups(principal('u1'), 't');
    expect(calls.map((call) => call.split(':')[0])).toEqual(['u1', 'u2', 'u3', 'u1']);
  });

  it('asks again once the groups are older than the TTL', async () => {
    const { calls, lookup } = countingLookup(() => ['g']);
    const clock = handClock();
    const overage = createGroupOverage({ lookup, log: recordingLog().log, ttlMs: 40, now: clock.now });
    await overage.withGroups(principal('ttl'), 't');
    clock.pass(39);
    await overage.withGroups(principal('ttl'), 't');
    expect(calls).toHaveLength(1);
    clock.pass(2);
    await overage.withGroups(principal('ttl'), 't');
    expect(calls).toHaveLength(2);
  });

  it('without Graph gives no groups and warns once per user per period', async () => {
    const { warnings, log } = recordingLog();
    const clock = handClock();
    const overage = createGroupOverage({ lookup: null, log, ttlMs: 40, now: clock.now });
    for (let i = 0; i < 3; i++) expect((await overage.withGroups(principal('lonely'), 't')).groups).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/not configured/);
    expect(warnings[0]!.object).toMatchObject({ tenantId: 'tenant-1', userId: 'lonely' });
    clock.pass(41);
    await overage.withGroups(principal('lonely'), 't');
    expect(warnings).toHaveLength(2);
  });

  it('after a failed lookup gives no groups for the failure period, then asks again', async () => {
    const { warnings, log } = recordingLog();
    let fail = true;
    const calls: number[] = [];
    const lookup: MemberGroupsLookup = async () => {
      calls.push(1);
      if (fail) throw new Error('Graph 503');
      return ['back'];
    };
    const clock = handClock();
    const overage = createGroupOverage({ lookup, log, failureTtlMs: 40, now: clock.now });
    expect((await overage.withGroups(principal('flaky'), 't')).groups).toEqual([]);
    expect((await overage.withGroups(principal('flaky'), 't')).groups).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    fail = false;
    clock.pass(41);
    expect((await overage.withGroups(principal('flaky'), 't')).groups).toEqual(['back']);
  });
});
