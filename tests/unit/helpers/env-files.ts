import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type EnvValues = Record<string, string>;

/**
 * Parses the dotenv subset the Agents Toolkit's env files use: `NAME=value` lines, `#` comment lines, blank lines,
 * optional single or double quotes around a value, and ` # comment` after an unquoted one. Anything else, and a
 * name given twice, is an error, so a typo fails a test instead of silently dropping a value.
 */
export function parseEnvFile(text: string, source = 'env file'): EnvValues {
  const values: EnvValues = {};
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(trimmed);
    if (!match) throw new Error(`${source}:${index + 1}: expected NAME=value, got "${trimmed}"`);
    const [, name, raw] = match as unknown as [string, string, string];
    if (name in values) throw new Error(`${source}:${index + 1}: ${name} is set twice`);
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    values[name] = quoted ? quoted[2]! : raw.replace(/\s+#.*$/, '');
  }
  return values;
}

/** Every environment in an env folder, by name: `.env.local` is `local`. `.env.*.user` files hold secrets and are left out. */
export function readEnvironments(envDir: string): Map<string, EnvValues> {
  const environments = new Map<string, EnvValues>();
  for (const file of readdirSync(envDir).sort()) {
    const name = /^\.env\.([^.]+)$/.exec(file)?.[1];
    if (name) environments.set(name, parseEnvFile(readFileSync(join(envDir, file), 'utf8'), file));
  }
  return environments;
}
