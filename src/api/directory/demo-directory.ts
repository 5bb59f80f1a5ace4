import type { DirectoryEntry } from '../../shared/directory-schema.ts';
import { DIRECTORY_RESULTS_MAX } from '../../shared/limits.ts';
import { DEMO_TENANT_ID, DEV_GROUPS, DEV_USERS } from '../auth/dev-identity.ts';
import { mergeKinds, type Directory } from './directory.ts';

const DEMO_ENTRIES: readonly DirectoryEntry[] = [
  ...DEV_USERS.map((user): DirectoryEntry => ({ id: user.id, kind: 'user', displayName: user.name, detail: user.mail })),
  ...DEV_GROUPS.map((group): DirectoryEntry => ({ id: group.id, kind: 'group', displayName: group.name, detail: group.description })),
];

/** Lower case without accents, split into words: what a query's words must begin. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** As Graph's $search on displayName and mail: every word of the query begins a word of the name, or of the mail. */
function matches(entry: DirectoryEntry, queryWords: readonly string[]): boolean {
  const fields = entry.kind === 'user' ? [entry.displayName, entry.detail] : [entry.displayName];
  return fields.some((field) => {
    const fieldWords = words(field);
    return queryWords.every((word) => fieldWords.some((candidate) => candidate.startsWith(word)));
  });
}

/**
 * The development sign-in's organisation (Ada, Eddie, Riley and a few groups), searched in memory through the same
 * route as Microsoft Graph in production. Only the demo tenant has it: any other organisation's directory is empty.
 */
export function createDemoDirectory(): Directory {
  const entriesOf = (tenantId: string) => (tenantId === DEMO_TENANT_ID ? DEMO_ENTRIES : []);
  return {
    async search(caller, { q, kind }) {
      const queryWords = words(q);
      const found = entriesOf(caller.tenantId)
        .filter((entry) => (kind === undefined || entry.kind === kind) && matches(entry, queryWords))
        .sort((a, b) => a.displayName.localeCompare(b.displayName));
      return mergeKinds(
        found.filter((entry) => entry.kind === 'user'),
        found.filter((entry) => entry.kind === 'group'),
        DIRECTORY_RESULTS_MAX,
      );
    },
    async resolve(caller, ids) {
      const wanted = new Set(ids);
      return entriesOf(caller.tenantId).filter((entry) => wanted.has(entry.id));
    },
  };
}
