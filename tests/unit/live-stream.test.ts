import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../src/shared/history-schema.ts';
import { LIVE_HEARTBEAT_MS } from '../../src/shared/limits.ts';
import { followVisibility, LIVE_HIDDEN_CLOSE_MS, type PageSignals } from '../../src/web/features/live/follow-visibility.ts';
import { createLiveStream, LIVE_PATH, LIVE_STALL_MS } from '../../src/web/features/live/live-stream.ts';

const NOTICE: ChangeNotice = {
  calendarId: 'company',
  fromCalendarId: null,
  eventId: 'e1',
  seriesId: null,
  kind: 'updated',
  scope: null,
  recurrenceId: null,
  version: 3,
  by: { id: 'eddie', name: 'Eddie Editor' },
  at: '2027-01-04T09:00:00.000Z',
};

/** A server answer the test writes to, chunk by chunk, and ends. */
class OpenStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly response: Response;
  constructor() {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    this.response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }
  write(text: string) {
    this.controller.enqueue(new TextEncoder().encode(text));
  }
  end() {
    this.controller.close();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A live stream over a fake fetch whose answers the test gives, on timers the test runs. */
function harness() {
  const requests: { headers: Record<string, string>; signal: AbortSignal }[] = [];
  const answers: (Response | OpenStream)[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  const notices: ChangeNotice[] = [];
  const tokens: string[] = [];
  let refetches = 0;
  let issued = 0;
  const stream = createLiveStream({
    getAccessToken: async (options) => {
      tokens.push(options?.forceRefresh ? 'fresh' : 'cached');
      return `token-${++issued}`;
    },
    fetch: async (input, init) => {
      expect(input).toBe(LIVE_PATH);
      requests.push({ headers: init?.headers as Record<string, string>, signal: init!.signal! });
      const answer = answers.shift() ?? new OpenStream();
      return answer instanceof OpenStream ? answer.response : answer;
    },
    onNotice: (notice) => notices.push(notice),
    onRefetch: () => refetches++,
    setTimeout: (run, ms) => {
      const timer = { ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index !== -1) timers.splice(index, 1);
    },
    random: () => 0,
  });
  /** Runs the pending timer that waits `ms` (the reconnect's or the stall's). */
  const fire = (ms: number) => {
    const timer = timers.find((candidate) => candidate.ms === ms);
    if (!timer) throw new Error(`no timer of ${ms} ms among ${timers.map((candidate) => candidate.ms).join(', ')}`);
    timers.splice(timers.indexOf(timer), 1);
    timer.run();
  };
  return { stream, requests, answers, timers, notices, tokens, fire, refetches: () => refetches };
}

/** A harness whose stream has started and been answered with a stream left open, to write to. */
async function openedStream() {
  const live = harness();
  const open = new OpenStream();
  live.answers.push(open);
  live.stream.start();
  await flush();
  return { live, open };
}

describe('the live stream', () => {
  it('sends the bearer token, hands on each change, and reconnects after a drop with Last-Event-ID', async () => {
    const { live, open: first } = await openedStream();
    expect(live.requests[0]!.headers).toEqual({ authorization: 'Bearer token-1', accept: 'text/event-stream' });
    // The first opening: the page's events are fresh, nothing to refetch.
    expect(live.refetches()).toBe(0);
    first.write(`: connected\nretry: 2000\n\nid: 17\nevent: change\ndata: ${JSON.stringify(NOTICE)}\n\n`);
    first.write('id: 18\nevent: change\ndata: {"not":"a notice"}\n\n');
    await flush();
    expect(live.notices).toEqual([NOTICE]);

    first.end();
    await flush();
    // Bytes came, so the backing off starts again from a second.
    live.fire(1_000);
    await flush();
    expect(live.requests[1]!.headers['last-event-id']).toBe('18');
    expect(live.refetches()).toBe(0);
    live.stream.stop();
  });

  it('reopened after a drop with no change heard, it has nothing to replay from: the page refetches', async () => {
    const { live, open: first } = await openedStream();
    first.end();
    await flush();
    live.fire(1_000);
    await flush();
    expect(live.requests[1]!.headers['last-event-id']).toBeUndefined();
    expect(live.refetches()).toBe(1);
    live.stream.stop();
  });

  it('refetches when the server says it cannot replay', async () => {
    const { live, open } = await openedStream();
    open.write('event: refetch\ndata: {}\n\n');
    await flush();
    expect(live.refetches()).toBe(1);
    live.stream.stop();
  });

  it('backs off further while it keeps failing, at least as long as a 429 asks, and asks for a fresh token after a 401', async () => {
    const live = harness();
    live.answers.push(new Response('', { status: 503 }), new Response('', { status: 503 }));
    live.answers.push(new Response('', { status: 429, headers: { 'retry-after': '20' } }));
    live.answers.push(new Response('', { status: 401 }));
    live.stream.start();
    await flush();
    live.fire(1_000);
    await flush();
    live.fire(1_000);
    await flush();
    live.fire(20_000);
    await flush();
    live.fire(4_000);
    await flush();
    expect(live.tokens).toEqual(['cached', 'cached', 'cached', 'cached', 'fresh']);
    expect(live.requests).toHaveLength(5);
    live.stream.stop();
  });

  it('takes a stream silent past two heartbeats for dead and opens another', async () => {
    expect(LIVE_STALL_MS).toBeGreaterThan(2 * LIVE_HEARTBEAT_MS);
    const { live } = await openedStream();
    live.fire(LIVE_STALL_MS);
    await flush();
    expect(live.requests[0]!.signal.aborted).toBe(true);
    live.fire(1_000);
    await flush();
    expect(live.requests).toHaveLength(2);
    live.stream.stop();
  });

  it('stops for good when stopped, and starts again from the last change heard', async () => {
    const { live, open } = await openedStream();
    open.write(`id: 5\nevent: change\ndata: ${JSON.stringify(NOTICE)}\n\n`);
    await flush();
    live.stream.stop();
    await flush();
    expect(live.requests[0]!.signal.aborted).toBe(true);
    expect(live.timers).toEqual([]);
    live.stream.start();
    await flush();
    expect(live.requests[1]!.headers['last-event-id']).toBe('5');
    live.stream.stop();
  });

  it('reconnects at once when the network comes back', async () => {
    const live = harness();
    live.answers.push(new Response('', { status: 503 }));
    live.stream.start();
    await flush();
    expect(live.timers.map((timer) => timer.ms)).toEqual([1_000]);
    live.stream.reconnectNow();
    await flush();
    expect(live.requests).toHaveLength(2);
    live.stream.stop();
  });
});

describe('following the page', () => {
  /** A page whose visibility and network the test sets, with the stream's calls recorded. */
  function page(initially: DocumentVisibilityState = 'visible') {
    const document = Object.assign(new EventTarget(), { visibilityState: initially });
    const window = new EventTarget();
    const timers: { ms: number; run: () => void }[] = [];
    const calls: string[] = [];
    const stream = { start: () => calls.push('start'), stop: () => calls.push('stop'), reconnectNow: () => calls.push('reconnect') };
    const unfollow = followVisibility(stream, {
      document: document as unknown as PageSignals['document'],
      window: window as unknown as PageSignals['window'],
      setTimeout: (run, ms) => {
        const timer = { ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer) => void timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
    });
    const show = (state: DocumentVisibilityState) => {
      document.visibilityState = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    return { timers, calls, show, online: () => window.dispatchEvent(new Event('online')), unfollow };
  }

  it(`closes the stream after ${LIVE_HIDDEN_CLOSE_MS / 60_000} minutes hidden and opens it again when shown; a short absence changes nothing`, () => {
    const followed = page();
    followed.show('hidden');
    expect(followed.timers.map((timer) => timer.ms)).toEqual([LIVE_HIDDEN_CLOSE_MS]);
    followed.show('visible');
    expect(followed.timers).toEqual([]);
    expect(followed.calls).toEqual([]);
    followed.show('hidden');
    followed.timers[0]!.run();
    followed.show('visible');
    expect(followed.calls).toEqual(['stop', 'start']);
  });

  it('counts a page hidden from the start, reconnects when the network returns, and stops following', () => {
    const followed = page('hidden');
    expect(followed.timers).toHaveLength(1);
    followed.online();
    expect(followed.calls).toEqual(['reconnect']);
    followed.unfollow();
    expect(followed.timers).toEqual([]);
    followed.online();
    expect(followed.calls).toEqual(['reconnect']);
  });
});
