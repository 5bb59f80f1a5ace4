// A TCP proxy in front of the Cosmos DB protocol server, that fails the way a network and a failing cloud do. It works
// below TLS (the bytes pass through untouched, so the SDK still checks the server's certificate), which hides what each
// request is: a fault is aimed at requests by their size instead. A request is the bytes a connection sends between two
// answers, and a create with a long description is far bigger than any read, query or counter bump.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type FaultMode =
  /** Every byte through. */
  | 'pass'
  /** Connections accepted, nothing answered: new and open ones alike. */
  | 'hang'
  /** Every answer held back delayMs before it is passed on. */
  | 'delay'
  /** The request forwarded, then the client's connection reset before the answer: the write landed, its answer is lost. */
  | 'reset'
  /** The request forwarded, the answer never passed on: the client waits. */
  | 'drop';

export interface FaultOptions {
  /** For delay. */
  delayMs?: number;
  /** For reset and drop: only answers to requests at least this many bytes long are faulted. */
  requestBytesAtLeast?: number;
}

export interface FaultProxy {
  /** The proxy's address for the Cosmos SDK: `localhost`, the name the server's certificate carries. */
  endpoint: string;
  set(mode: FaultMode, options?: FaultOptions): void;
  /** How many answers the proxy has reset or dropped so far. */
  readonly faults: number;
  /** Resolves once the proxy has reset or dropped this many answers in all, with when it did the last of them (performance.now()). */
  faulted(count?: number): Promise<number>;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  server: Socket;
  /** Request bytes the client sent since the server last answered. */
  requestBytes: number;
  /** This connection's answers are dropped from now on. */
  dropping: boolean;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let mode: FaultMode = 'pass';
  let options: FaultOptions = {};
  let faults = 0;
  let lastFaultAt = 0;
  const waiting: { count: number; resolve: (at: number) => void }[] = [];
  const links = new Set<Link>();

  const countFault = () => {
    faults++;
    lastFaultAt = performance.now();
    for (const waiter of [...waiting]) {
      if (faults >= waiter.count) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(lastFaultAt);
      }
    }
  };

  const aimed = (link: Link) => link.requestBytes >= (options.requestBytesAtLeast ?? 0);

  function answer(link: Link, chunk: Buffer): void {
    if (link.dropping) return;
    if ((mode === 'reset' || mode === 'drop') && aimed(link)) {
      countFault();
      if (mode === 'reset') {
        link.client.resetAndDestroy();
        link.server.destroy();
      } else link.dropping = true;
      return;
    }
    link.requestBytes = 0;
    if (mode !== 'hang') inTurn(() => link.client.write(chunk));
  }

  /** Now, or in delay mode once what came before it has been passed on (timers of one delay run in order). */
  const inTurn = (work: () => void) => (mode === 'delay' ? setTimeout(work, options.delayMs ?? 0) : work());

  const server = createServer((client) => {
    const link: Link = { client, server: connect(Number(upstream.port), '127.0.0.1'), requestBytes: 0, dropping: false };
    links.add(link);
    client.on('data', (chunk: Buffer) => {
      if (mode === 'hang') return;
      link.requestBytes += chunk.length;
      link.server.write(chunk);
    });
    link.server.on('data', (chunk: Buffer) => answer(link, chunk));
    const end = () => {
      links.delete(link);
      client.destroy();
      link.server.destroy();
    };
    client.on('close', end).on('error', end);
    // The server's close is passed on after its last answer; a connection whose answers are dropped stays silent.
    link.server.on('close', () => (link.dropping ? links.delete(link) : inTurn(end))).on('error', () => link.dropping || end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `https://localhost:${port}`,
    set(next, nextOptions = {}) {
      mode = next;
      options = nextOptions;
      // A connection whose answers were dropped stays silent: the client gives up on it, and a new one is made.
    },
    get faults() {
      return faults;
    },
    faulted(count = 1) {
      if (faults >= count) return Promise.resolve(lastFaultAt);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close() {
      for (const link of links) {
        link.client.destroy();
        link.server.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
