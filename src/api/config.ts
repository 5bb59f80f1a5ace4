import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const originList = z
  .string()
  .default('')
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https$/, error: 'Each origin is an https:// URL' })));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SharePoint sites allowed to frame the app, e.g. https://contoso.sharepoint.com. */
  SHAREPOINT_ORIGINS: originList,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  /** Development sign-in listens on loopback only, unless this says otherwise. */
  ALLOW_DEV_SIGN_IN_ON_NETWORK: booleanFlag,
  /** Seed a demo tenant when the store is empty. Defaults to on in development mode. */
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0']).optional(),
  WEB_ROOT: z.string().min(1).default('./dist/web'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  sharePointOrigins: string[];
  rateLimitPerMinute: number;
  /** Development sign-in is the mode while no identity provider is configured. */
  identity: { mode: 'development'; allowOnNetwork: boolean };
  seedDemoData: boolean;
  webRoot: string;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; one error lists every variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    sharePointOrigins: e.SHAREPOINT_ORIGINS.map((url) => new URL(url).origin),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    identity: { mode: 'development', allowOnNetwork: e.ALLOW_DEV_SIGN_IN_ON_NETWORK },
    seedDemoData: e.SEED_DEMO_DATA === undefined ? true : e.SEED_DEMO_DATA === 'true' || e.SEED_DEMO_DATA === '1',
    webRoot: resolve(e.WEB_ROOT),
  };
  if (config.identity.mode === 'development' && !config.identity.allowOnNetwork && !isLoopbackHost(config.host)) {
    throw new ConfigError(
      `Development sign-in lets anyone act as any demo user, so it only listens on loopback. ` +
        `HOST is "${config.host}". Use HOST=localhost, configure an identity provider, ` +
        `or set ALLOW_DEV_SIGN_IN_ON_NETWORK=true if you really mean to expose it.`,
    );
  }
  return config;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}
