import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

// Both are CommonJS: under NodeNext their default import is module.exports, whose .default is the export itself.
const { default: Ajv } = ajvDraft04;
const { default: addFormats } = ajvFormats;

function officialSchema(manifestVersion: string): object {
  const packageDir = dirname(createRequire(import.meta.url).resolve('@microsoft/app-manifest/package.json'));
  return JSON.parse(readFileSync(join(packageDir, `build/json-schemas/teams/v${manifestVersion}/MicrosoftTeams.schema.json`), 'utf8')) as object;
}

/** What the official schema of its manifestVersion (offline, from @microsoft/app-manifest) finds wrong with a filled-in Teams manifest: nothing when valid. */
export function teamsManifestSchemaErrors(manifest: { manifestVersion: string }): string[] {
  // The official schemas trip Ajv's strict mode (e.g. additionalProperties beside a $ref'd type), not the validation.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(officialSchema(manifest.manifestVersion));
  return validate(manifest) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
