import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';

// Put into every malformed request, so that an answer echoing the input is caught.
const MARKER = 'EchoProbe7x';
// Past Node's default limit on a request's head (16 KiB).
const OVERSIZED = 20 * 1024;

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends bytes as they are over a fresh connection and reads the answer until the server closes it. */
function sendRaw(url: string, request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset a connection whose request it did not read to the end; the answer came before.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' && chunks.length > 0 ? socket.destroy() : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

describe('requests refused before routing answer as problems that do not echo them', () => {
  let api: TestServer;
  let host: string;
  beforeAll(async () => {
    api = await build();
    host = new URL(api.url).host;
  });
  afterAll(() => api.close());

  const cases: [string, () => string | Buffer, number][] = [
    ['an unknown method', () => `${MARKER} / HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400],
    ['a request line that is not HTTP', () => `GET /${MARKER} HTTQ/1.1 nonsense\r\nHost: ${host}\r\n\r\n`, 400],
    ['bad percent-encoding in the path', () => `GET /api/${MARKER}%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400],
    ['a NUL byte in the path', () => Buffer.from(`GET /api/${MARKER}\0/events HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1'), 400],
    ['an oversized URL', () => `GET /api/events?start=${MARKER}${'a'.repeat(OVERSIZED)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 431],
    ['an oversized header', () => `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${MARKER}${'a'.repeat(OVERSIZED)}\r\n\r\n`, 431],
    [
      'both Content-Length and Transfer-Encoding',
      () =>
        `POST /api/dev/token HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 21\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n{"userId":"${MARKER}"}`,
      400,
    ],
    ['a path parameter over the router’s limit', () => `GET /api/events/${MARKER}${'e'.repeat(300)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 414],
  ];

  it.each(cases)('%s', async (_label, request, status) => {
    const response = await sendRaw(api.url, request());
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json(;|$)/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(response.body, 'latin1'));
    const problem = JSON.parse(response.body) as Problem;
    expect(problem).toMatchObject({ type: 'about:blank', status, title: expect.any(String), detail: expect.any(String) });
    expect(problem.instance).toBeUndefined();
    expect(response.body).not.toContain(MARKER);
  });

  it('closes the connection after an unparseable request', async () => {
    const response = await sendRaw(api.url, `${MARKER} / HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('answers a malformed JSON body and a body that is not JSON with problems too', async () => {
    const headers = { 'content-type': 'application/json' };
    const truncated = await api.request<Problem>('POST', '/api/dev/token', { rawBody: `{"userId":"${MARKER}`, headers });
    expect(truncated.status).toBe(400);
    expect(truncated.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(truncated.body)).not.toContain(MARKER);

    const text = await api.request<Problem>('POST', '/api/dev/token', { rawBody: MARKER, headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(text.body)).not.toContain(MARKER);
  });

  it('still serves well-formed requests on the same server', async () => {
    // A route whose answer depends on the request alone: health's also depends on how fast the store answers, which on
    // the Cosmos protocol server under the suite's load can be a true 503.
    const response = await sendRaw(api.url, `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
