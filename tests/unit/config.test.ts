import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from '../../src/api/config.ts';

describe('configuration', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('counts %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'calendar.contoso.com', 'localhost.evil.com'])('does not count %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('lets development sign-in onto the network only with the explicit opt-in', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_SIGN_IN_ON_NETWORK: 'true' }).identity.allowOnNetwork).toBe(true);
  });

  it('has defaults that run the app on localhost:3000 with a ./data folder', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: 'localhost', seedDemoData: true });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('keeps only the origin of each SharePoint site', () => {
    expect(loadConfig({ SHAREPOINT_ORIGINS: 'https://contoso.sharepoint.com/sites/hr https://fabrikam.sharepoint.com' }).sharePointOrigins).toEqual([
      'https://contoso.sharepoint.com',
      'https://fabrikam.sharepoint.com',
    ]);
  });
});
