// The app registration the Graph tests' API plays (its client id and Application ID URI), the users' Entra ID tokens
// for it, and its settings against the fake token endpoint and Graph: one definition for every file that needs them.
import { DEMO_TENANT_ID } from '../../../src/api/auth/dev-identity.ts';
import { FAKE_GRAPH_CLIENT_SECRET, startFakeGraph, type FakeGraph } from './fake-graph.ts';
import type { JwksServer } from './jwks-server.ts';

export const TEST_CLIENT_ID = '11111111-2222-4333-8444-555555555555';
export const TEST_APP_ID_URI = `api://calendar.contoso.test/${TEST_CLIENT_ID}`;
export const entraIssuer = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

/** The fake Entra ID and Graph, knowing this registration and the audiences its users' tokens carry. */
export const startTestGraph = (): Promise<FakeGraph> => startFakeGraph({ clientId: TEST_CLIENT_ID, apiAudiences: [TEST_APP_ID_URI, TEST_CLIENT_ID] });

/** A demo-tenant user's access token for the API, as Entra ID issues it (v2, `access_as_user`). */
export function entraUserToken(jwks: JwksServer, oid: string, claims: Record<string, unknown> = {}): Promise<string> {
  return jwks.sign({ iss: entraIssuer(DEMO_TENANT_ID), aud: TEST_APP_ID_URI, tid: DEMO_TENANT_ID, oid, name: oid, scp: 'access_as_user', ver: '2.0', ...claims });
}

/** The API's settings for Entra ID sign-in and Graph through the fakes; the development client secret unless `extra` says otherwise. */
export function graphApiEnv(fake: FakeGraph, jwks: JwksServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ENTRA_CLIENT_ID: TEST_CLIENT_ID,
    ENTRA_APP_ID_URI: TEST_APP_ID_URI,
    ENTRA_JWKS_URI: jwks.url,
    GRAPH_CREDENTIAL: 'client-secret',
    ENTRA_CLIENT_SECRET: FAKE_GRAPH_CLIENT_SECRET,
    ENTRA_AUTHORITY_HOST: fake.authorityHost,
    GRAPH_BASE_URL: fake.graphBaseUrl,
    ...extra,
  };
}
