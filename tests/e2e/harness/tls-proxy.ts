import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import { localhostCertificate } from '../../support/localhost-certificate.ts';

export interface TlsProxy {
  /** e.g. https://127.0.0.1:40123; browsers need --ignore-certificate-errors for its certificate. */
  origin: string;
  close(): Promise<void>;
}

/** HTTPS on loopback in front of an http server: for what only takes https URLs, such as Teams's consent popup. */
export async function startTlsProxy(target: string): Promise<TlsProxy> {
  const server = createServer(await localhostCertificate(), (incoming, outgoing) => {
    const forwarded = httpRequest(new URL(incoming.url ?? '/', target), { method: incoming.method, headers: incoming.headers }, (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections alive; close would wait for them.
        server.closeAllConnections();
      }),
  };
}
