import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE, loadConfig, MAX_TRUSTED_PROXY_HOPS } from '../../src/api/config.ts';
import { isLoopbackHost } from '../../src/api/loopback.ts';

describe('configuration', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('counts %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'calendar.contoso.com', 'localhost.evil.com'])('does not count %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('lets development sign-in onto the network only with the explicit opt-in', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_SIGN_IN_ON_NETWORK: 'true', PUBLIC_HOSTS: 'dev-box.contoso.test' }).identity).toEqual({
      mode: 'development',
      allowOnNetwork: true,
    });
  });

  it('has defaults that run the app on localhost:3000 with a ./data folder', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: 'localhost', seedDemoData: true });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('caps the SQLite database only when SQLITE_MAX_SIZE_MB says so, in whole MB', () => {
    expect(loadConfig({}).store).toEqual({ kind: 'sqlite' });
    expect(loadConfig({ SQLITE_MAX_SIZE_MB: '2' }).store).toEqual({ kind: 'sqlite', maxSizeBytes: 2 * 1024 * 1024 });
    expect(() => loadConfig({ SQLITE_MAX_SIZE_MB: '0' })).toThrow(ConfigError);
  });

  it('keeps only the origin of each SharePoint site', () => {
    expect(loadConfig({ SHAREPOINT_ORIGINS: 'https://contoso.sharepoint.com/sites/hr https://fabrikam.sharepoint.com' }).sharePointOrigins).toEqual([
      'https://contoso.sharepoint.com',
      'https://fabrikam.sharepoint.com',
    ]);
  });
});

describe('identity provider configuration', () => {
  it('names every variable a half-configured OIDC provider lacks, in one message', () => {
    let message = '';
    try {
      loadConfig({ OIDC_ISSUER: 'https://idp.contoso.test' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE', 'OIDC_JWKS_URI', 'OIDC_TENANT_ID']) expect(message).toContain(name);
  });

  it('refuses key sets over plain http beyond loopback', () => {
    expect(() => loadConfig({ ENTRA_CLIENT_ID: '11111111-2222-4333-8444-555555555555', ENTRA_JWKS_URI: 'http://keys.example.com/keys' })).toThrow(/ENTRA_JWKS_URI/);
  });

  it('leaves development mode, and demo seeding, once Entra is configured', () => {
    const config = loadConfig({ ENTRA_CLIENT_ID: '11111111-2222-4333-8444-555555555555', HOST: '0.0.0.0', PUBLIC_HOSTS: 'calendar.contoso.com' });
    expect(config.identity.mode).toBe('production');
    expect(config.seedDemoData).toBe(false);
  });
});

describe('trusted host origins', () => {
  it('takes https origins anywhere and http ones on loopback only', () => {
    expect(loadConfig({ TRUSTED_HOST_ORIGINS: 'https://host.contoso.test/path http://127.0.0.1:4100' }).trustedHostOrigins).toEqual([
      'https://host.contoso.test',
      'http://127.0.0.1:4100',
    ]);
    expect(() => loadConfig({ TRUSTED_HOST_ORIGINS: 'http://host.contoso.test' })).toThrow(/TRUSTED_HOST_ORIGINS/);
  });
});

describe('public host names', () => {
  const production = { ENTRA_CLIENT_ID: '11111111-2222-4333-8444-555555555555', HOST: '0.0.0.0' };

  it('has none on loopback, where loopback names are enough', () => {
    expect(loadConfig({}).publicHosts).toEqual([]);
  });

  it('takes names, with or without a port, space or comma separated, in lowercase', () => {
    expect(loadConfig({ ...production, PUBLIC_HOSTS: 'Calendar.Contoso.com, calendar.contoso.com:8443 [2001:db8::1]:443' }).publicHosts).toEqual([
      'calendar.contoso.com',
      'calendar.contoso.com:8443',
      '[2001:db8::1]:443',
    ]);
  });

  it('defaults to App Service’s WEBSITE_HOSTNAME, unless PUBLIC_HOSTS says otherwise', () => {
    expect(loadConfig({ ...production, WEBSITE_HOSTNAME: 'calendar-abc.azurewebsites.net' }).publicHosts).toEqual(['calendar-abc.azurewebsites.net']);
    expect(loadConfig({ ...production, WEBSITE_HOSTNAME: 'calendar-abc.azurewebsites.net', PUBLIC_HOSTS: 'calendar.contoso.com' }).publicHosts).toEqual([
      'calendar.contoso.com',
    ]);
  });

  it.each(['https://calendar.contoso.com', 'calendar.contoso.com/path', 'user@calendar.contoso.com', 'calendar.contoso.com:0', 'calendar.contoso.com:70000', '.contoso.com'])(
    'refuses %s, naming PUBLIC_HOSTS',
    (entry) => {
      expect(() => loadConfig({ ...production, PUBLIC_HOSTS: entry })).toThrow(/PUBLIC_HOSTS\.0: Each entry is a host name/);
    },
  );

  it('refuses to listen beyond loopback with no public host name, saying what to set', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/PUBLIC_HOSTS=calendar\.contoso\.com/);
    expect(() => loadConfig({ ...production, PUBLIC_HOSTS: '' })).toThrow(/PUBLIC_HOSTS is empty/);
  });
});

describe('failed authentications', () => {
  it('are limited to DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE unless configured', () => {
    expect(loadConfig({}).failedAuthenticationsPerMinute).toBe(DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE);
    expect(loadConfig({ FAILED_AUTHENTICATIONS_PER_MINUTE: '100' }).failedAuthenticationsPerMinute).toBe(100);
    expect(() => loadConfig({ FAILED_AUTHENTICATIONS_PER_MINUTE: '0' })).toThrow(/FAILED_AUTHENTICATIONS_PER_MINUTE/);
  });
});

describe('trusted proxies', () => {
  it(`trust none unless told, and at most MAX_TRUSTED_PROXY_HOPS (${MAX_TRUSTED_PROXY_HOPS})`, () => {
    expect(loadConfig({}).trustedProxyHops).toBe(0);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: '1' }).trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: String(MAX_TRUSTED_PROXY_HOPS) }).trustedProxyHops).toBe(MAX_TRUSTED_PROXY_HOPS);
    for (const value of [String(MAX_TRUSTED_PROXY_HOPS + 1), '-1', '1.5', 'yes']) {
      expect(() => loadConfig({ TRUSTED_PROXY_HOPS: value }), value).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});

describe('Microsoft Graph on behalf of users', () => {
  const entra = { ENTRA_CLIENT_ID: '11111111-2222-4333-8444-555555555555' };

  it('is off unless a credential is chosen, and then needs Entra ID', () => {
    expect(loadConfig(entra).graph).toBeNull();
    expect(() => loadConfig({ GRAPH_CREDENTIAL: 'managed-identity' })).toThrow(/ENTRA_CLIENT_ID: Required with GRAPH_CREDENTIAL/);
    expect(() => loadConfig({ ...entra, GRAPH_CREDENTIAL: 'certificate' })).toThrow(/GRAPH_CREDENTIAL/);
  });

  it('proves the app with its managed identity (system- or user-assigned), with no secret, against Entra ID and Graph by default', () => {
    expect(loadConfig({ ...entra, GRAPH_CREDENTIAL: 'managed-identity' }).graph).toEqual({
      clientId: entra.ENTRA_CLIENT_ID,
      credential: { kind: 'managed-identity' },
      authorityHost: 'https://login.microsoftonline.com',
      baseUrl: 'https://graph.microsoft.com/v1.0',
    });
    const userAssigned = loadConfig({ ...entra, GRAPH_CREDENTIAL: 'managed-identity', MANAGED_IDENTITY_CLIENT_ID: '99999999-2222-4333-8444-555555555555' });
    expect(userAssigned.graph?.credential).toEqual({ kind: 'managed-identity', clientId: '99999999-2222-4333-8444-555555555555' });
  });

  it('takes a client secret for local development only when one is given, and hosts on https (http on loopback)', () => {
    expect(() => loadConfig({ ...entra, GRAPH_CREDENTIAL: 'client-secret' })).toThrow(/ENTRA_CLIENT_SECRET: Required with GRAPH_CREDENTIAL=client-secret/);
    const local = loadConfig({ ...entra, GRAPH_CREDENTIAL: 'client-secret', ENTRA_CLIENT_SECRET: 's3cret', GRAPH_BASE_URL: 'http://127.0.0.1:4000/v1.0/' });
    expect(local.graph).toMatchObject({ credential: { kind: 'client-secret', secret: 's3cret' }, baseUrl: 'http://127.0.0.1:4000/v1.0' });
    expect(() => loadConfig({ ...entra, GRAPH_CREDENTIAL: 'managed-identity', GRAPH_BASE_URL: 'http://graph.example.com/v1.0' })).toThrow(/GRAPH_BASE_URL/);
  });
});
