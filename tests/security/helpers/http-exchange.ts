import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ExchangeOptions {
  method?: string;
  /** Sent exactly as given, Host included: fetch cannot set Host, Origin or Sec-Fetch-Site freely. */
  headers?: Record<string, string>;
  body?: unknown;
  /** The client's own address, e.g. 127.0.0.2: another client on loopback. */
  localAddress?: string;
}

/** One HTTP/1.1 request with the headers given and no others (no Host unless given). */
export function exchange(baseUrl: string, path: string, options: ExchangeOptions = {}): Promise<Exchange> {
  const url = new URL(path, baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers, setHost: false, localAddress: options.localAddress, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Raw bytes on a socket, for what node:http will not send (an HTTP/1.0 request without Host); the status line's code. */
export function rawStatus(baseUrl: string, requestText: string): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(requestText));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}
