import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-start-'));
  try {
    return spawnSync(process.execPath, ['src/api/server.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 15_000,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('server start-up', () => {
  it('refuses to run development sign-in on a non-loopback address, saying how to fix it', () => {
    const result = startServer({ HOST: '0.0.0.0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Development sign-in');
    expect(result.stderr).toContain('ALLOW_DEV_SIGN_IN_ON_NETWORK');
  });

  it('lists every invalid variable in one message', () => {
    const result = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud', SHAREPOINT_ORIGINS: 'http://contoso.sharepoint.com' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('LOG_LEVEL');
    expect(result.stderr).toContain('SHAREPOINT_ORIGINS');
  });
});
