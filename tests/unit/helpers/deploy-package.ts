/** What azureAppService/zipDeploy puts in the zip: the gitignore-style rules of .webappignore, and the packages the server loads. */

interface IgnoreRule {
  negated: boolean;
  directoryOnly: boolean;
  segments: RegExp[];
}

/**
 * Parses an ignore file in the subset this project uses: every rule anchored at the top (a leading /), optionally
 * negated (!) and optionally for folders only (a trailing /), with * inside a name. Other rules are refused.
 */
export function parseIgnoreFile(text: string): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = negated ? line.slice(1) : line;
      if (!pattern.startsWith('/') || pattern.includes('**')) throw new Error(`Ignore rule "${line}" is not anchored at the top (start it with /)`);
      const directoryOnly = pattern.endsWith('/');
      const names = pattern.slice(1, directoryOnly ? -1 : undefined).split('/');
      const segments = names.map((name) => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`));
      return { negated, directoryOnly, segments };
    });
}

function matches(rule: IgnoreRule, segments: string[], isDirectory: boolean): boolean {
  return (
    rule.segments.length === segments.length &&
    (!rule.directoryOnly || isDirectory) &&
    rule.segments.every((segment, i) => segment.test(segments[i]!))
  );
}

/** Whether a file (a path relative to the artifact folder, with /) goes into the zip. As in git, a file in a left-out folder stays out. */
export function isShipped(rules: IgnoreRule[], path: string): boolean {
  const segments = path.split('/');
  for (let depth = 1; depth <= segments.length; depth++) {
    const level = segments.slice(0, depth);
    const lastMatch = rules.findLast((rule) => matches(rule, level, depth < segments.length));
    if (lastMatch && !lastMatch.negated) return false;
  }
  return true;
}

interface LockPackage {
  dev?: boolean;
  hasInstallScript?: boolean;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface PackageLock {
  packages: Record<string, LockPackage>;
}

/** Where npm installed `name` for the package at `from` ('' for the project): the nearest node_modules up the tree. */
function resolveInstall(lock: PackageLock, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return undefined;
  }
}

/** The install folders (node_modules/…) of the given packages and of everything they depend on, as package-lock.json records them. */
export function dependencyClosure(lock: PackageLock, packages: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (from: string, name: string) => {
    const location = resolveInstall(lock, from, name);
    if (!location || found.has(location)) return;
    found.add(location);
    const { dependencies = {}, optionalDependencies = {}, peerDependencies = {} } = lock.packages[location]!;
    for (const dependency of Object.keys({ ...dependencies, ...optionalDependencies, ...peerDependencies })) visit(location, dependency);
  };
  for (const name of packages) visit('', name);
  return found;
}
