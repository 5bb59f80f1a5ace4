import { writeFileSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosmosProtocolServer } from './cosmos-protocol-additions.ts';
import { localhostCertificate } from './localhost-certificate.ts';

/** Any base64 string: the local protocol server checks no signature. */
export const LOCAL_COSMOS_KEY = Buffer.from('company-calendar-local-cosmos').toString('base64');

/**
 * A Cosmos DB protocol server (@vercel/cosmosdb-server) on loopback over HTTPS, with a certificate made now.
 * Its own bundled certificate expired long ago; clients trust ours through NODE_EXTRA_CA_CERTS. It has the transactional
 * batch and change feed of cosmos-protocol-additions.ts.
 */
export async function startCosmosServer(): Promise<{ endpoint: string; certificateFile: string; close(): Promise<void> }> {
  const pems = await localhostCertificate();
  const certificateFile = join(mkdtempSync(join(tmpdir(), 'company-calendar-cosmos-')), 'cosmos-server.pem');
  writeFileSync(certificateFile, pems.cert);
  const server: Server = cosmosProtocolServer().createHttpsServer({ key: pems.key, cert: pems.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `https://localhost:${port}`,
    certificateFile,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
