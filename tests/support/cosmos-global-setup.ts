import { startCosmosServer, LOCAL_COSMOS_KEY } from './cosmos-server.ts';

/**
 * Vitest global setup for the projects that use Cosmos: one protocol server for the run. Test workers start
 * after this, so they inherit NODE_EXTRA_CA_CERTS and trust its certificate the way a deployment would.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await startCosmosServer();
  process.env.NODE_EXTRA_CA_CERTS = server.certificateFile;
  process.env.TEST_COSMOS_ENDPOINT = server.endpoint;
  process.env.TEST_COSMOS_KEY = LOCAL_COSMOS_KEY;
  return () => server.close();
}
