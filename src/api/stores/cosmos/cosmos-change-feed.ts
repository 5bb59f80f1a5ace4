import { ChangeFeedStartFrom, type ChangeFeedPullModelIterator, type Container } from '@azure/cosmos';
import type { ChangeEntry } from '../../../shared/history-schema.ts';
import { fromEntryDoc, isEntryDoc } from './cosmos-entry-docs.ts';

/** How long the reader waits after a read that found nothing new: a change reaches every instance within about this. */
export const CHANGE_FEED_POLL_MS = 300;
/** How long it waits after a failed read (throttled, or the account unreachable) before reading again. */
export const CHANGE_FEED_RETRY_MS = 2_000;
/** Documents one read of the feed answers at most. */
export const CHANGE_FEED_PAGE_SIZE = 100;

type Listener = (tenantId: string, entry: ChangeEntry) => void;

/**
 * One reader of the events container's change feed per store instance (pull model, continuation in memory), running
 * while anyone listens: every instance hears every instance's writes. It hands on the entry documents and ignores
 * the rest (events, counters). It starts from the moment of the first subscribe (a start time, so that a write made
 * right after subscribe returns is not missed while the first read is on its way); with no listener left it stops, and
 * the next subscribe starts afresh from then.
 */
export class ChangeFeedReader {
  private readonly container: Container;
  private readonly listeners = new Set<Listener>();
  private running: Promise<void> | null = null;
  private closed = false;
  /** Ends the reader's wait at once: close() must not wait on a timer that does not keep the process alive. */
  private wake: (() => void) | null = null;

  constructor(container: Container) {
    this.container = container;
  }

  subscribe(listener: Listener): () => void {
    // Its own wrapper, so that one function subscribed twice is told twice and unsubscribed once each.
    const wrapped: Listener = (tenantId, entry) => listener(tenantId, entry);
    this.listeners.add(wrapped);
    if (!this.running && !this.closed) this.running = this.run(ChangeFeedStartFrom.Time(new Date()));
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.running;
  }

  private async run(startFrom: ReturnType<typeof ChangeFeedStartFrom.Time>): Promise<void> {
    const iterator = this.container.items.getChangeFeedIterator<Record<string, unknown>>({ changeFeedStartFrom: startFrom, maxItemCount: CHANGE_FEED_PAGE_SIZE });
    while (this.listeners.size > 0 && !this.closed) await this.readPage(iterator);
    this.running = null;
  }

  private async readPage(iterator: ChangeFeedPullModelIterator<Record<string, unknown>>): Promise<void> {
    try {
      const page = await iterator.readNext();
      const docs = page.result ?? [];
      for (const doc of docs) if (isEntryDoc(doc)) this.tell(doc.tenantId, fromEntryDoc(doc));
      if (docs.length === 0) await this.sleep(CHANGE_FEED_POLL_MS);
    } catch (error) {
      console.error('Reading the change feed failed; trying again', error);
      await this.sleep(CHANGE_FEED_RETRY_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      // A reader waiting must not keep the process alive.
      const timer = setTimeout(done, ms).unref();
      this.wake = done;
    });
  }

  private tell(tenantId: string, entry: ChangeEntry): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(tenantId, entry);
      } catch (error) {
        // One listener's failure must not keep the others from hearing.
        console.error('A change listener failed', error);
      }
    }
  }
}
