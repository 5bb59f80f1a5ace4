import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCENT_COLOUR, ICONS, pngFromScanlines } from '../../scripts/generate-icons.ts';
import { ADMIN_APP_ROLE } from '../../src/api/auth/principal.ts';
import { ENTRA_REQUIRED_SCOPE } from '../../src/api/auth/trusted-issuers.ts';
import { parseEnvFile, readEnvironments, type EnvValues } from './helpers/env-files.ts';
import { teamsManifestSchemaErrors } from './helpers/manifest-schema.ts';
import { findPlaceholders, substitutePlaceholders, unresolvedPlaceholders } from './helpers/placeholders.ts';
import { readPng, readPngHeader } from './helpers/png.ts';
import { valuesAfterProvision } from './helpers/toolkit-project.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MANIFEST_TEXT = readFileSync(join(ROOT, 'appPackage/manifest.json'), 'utf8');
const ENTRA_MANIFEST_TEXT = readFileSync(join(ROOT, 'aad.manifest.json'), 'utf8');
const ENVIRONMENTS = readEnvironments(join(ROOT, 'env'));

/** Microsoft's published client ids for Teams, Microsoft 365 and Outlook, which need no consent prompt for SSO. */
const PRE_AUTHORISED_CLIENTS = {
  'Teams desktop and mobile': '1fec8e78-bce4-4aaf-ab1b-5451cc387264',
  'Teams web': '5e3ce6c0-2b1f-4285-8d4b-75ee78787346',
  'Microsoft 365 web': '4765445b-32c6-49b0-83e6-1d93765276ca',
  'Microsoft 365 desktop': '0ec893e0-5785-4de6-99da-4ed124e5296c',
  'Microsoft 365 mobile and Outlook desktop': 'd3590ed6-52b3-4102-aeff-aad2292ab01c',
  'Outlook web': 'bc59ab01-8403-45c6-8796-ac3ef710b3e3',
  'Outlook mobile': '27922004-5251-4030-b22d-91ecd9a37ea4',
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface TeamsManifest {
  $schema: string;
  manifestVersion: string;
  icons: { color: string; outline: string };
  accentColor: string;
  developer: { websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  staticTabs: { entityId: string; contentUrl: string; websiteUrl: string; scopes: string[]; context: string[] }[];
  configurableTabs: { configurationUrl: string; canUpdateConfiguration: boolean; scopes: string[]; context: string[]; supportedSharePointHosts: string[] }[];
  validDomains: string[];
  webApplicationInfo: { id: string; resource: string };
  showLoadingIndicator: boolean;
}

interface EntraManifest {
  appId: string;
  signInAudience: string;
  identifierUris: string[];
  groupMembershipClaims: string;
  api: {
    requestedAccessTokenVersion: number;
    oauth2PermissionScopes: { id: string; value: string; type: string; isEnabled: boolean; adminConsentDescription: string; userConsentDescription: string }[];
    preAuthorizedApplications: { appId: string; delegatedPermissionIds: string[] }[];
  };
  appRoles: { id: string; value: string; description: string; allowedMemberTypes: string[]; isEnabled: boolean }[];
  requiredResourceAccess: { resourceAppId: string; resourceAccess: { id: string; type: string }[] }[];
  spa: { redirectUris: string[] };
}

const manifest = JSON.parse(MANIFEST_TEXT) as TeamsManifest;
const entra = JSON.parse(ENTRA_MANIFEST_TEXT) as EntraManifest;

/** An environment's values as the Toolkit has them when it packages: its env file, and what provisioning writes. */
function environment(name: string): EnvValues {
  const values = ENVIRONMENTS.get(name);
  if (!values) throw new Error(`No env/.env.${name}`);
  return valuesAfterProvision(name, values);
}

describe('env files', () => {
  it('exist for the local and dev environments', () => {
    expect([...ENVIRONMENTS.keys()]).toEqual(['dev', 'local']);
  });

  it('parse comments, quotes and inline comments the way dotenv does, and refuse what it would not', () => {
    expect(parseEnvFile('# comment\n\nA=1\nB = two words # note\nC="quoted # kept"\nD=\'single\'\nE=')).toEqual({
      A: '1',
      B: 'two words',
      C: 'quoted # kept',
      D: 'single',
      E: '',
    });
    expect(() => parseEnvFile('A=1\nA=2', '.env.x')).toThrow('.env.x:2: A is set twice');
    expect(() => parseEnvFile('not a setting')).toThrow(/:1: expected NAME=value/);
  });
});

describe('placeholder checks', () => {
  it('find each Toolkit placeholder once, spaces inside the braces allowed', () => {
    expect(findPlaceholders('${{A}} ${{ B }} ${{A}} ${B} {{C}}')).toEqual(['A', 'B']);
  });

  it('catch a placeholder that no env file sets, or sets to nothing', () => {
    const broken = MANIFEST_TEXT.replace('"${{TAB_ENDPOINT}}/config"', '"${{TAB_ENDPONT}}/config"');
    const values = { ...environment('local'), AAD_APP_CLIENT_ID: '' };
    expect(unresolvedPlaceholders(broken, values)).toEqual(['TAB_ENDPONT', 'AAD_APP_CLIENT_ID']);
    expect(() => substitutePlaceholders(broken, values)).toThrow('No value for TAB_ENDPONT, AAD_APP_CLIENT_ID');
  });
});

describe.each([...ENVIRONMENTS.keys()])('the app package with env/.env.%s', (name) => {
  const values = environment(name);

  it('names its own environment in TEAMSFX_ENV', () => {
    expect(values.TEAMSFX_ENV).toBe(name);
  });

  it.each([
    ['appPackage/manifest.json', MANIFEST_TEXT],
    ['aad.manifest.json', ENTRA_MANIFEST_TEXT],
  ])('has a value for every placeholder in %s', (_file, text) => {
    expect(unresolvedPlaceholders(text, values)).toEqual([]);
  });

  it('gives a manifest that the official schema for its manifestVersion accepts', () => {
    const filled = JSON.parse(substitutePlaceholders(MANIFEST_TEXT, values)) as TeamsManifest;
    expect(teamsManifestSchemaErrors(filled)).toEqual([]);
  });

  it('serves every page Teams opens over https from a valid domain', () => {
    const filled = JSON.parse(substitutePlaceholders(MANIFEST_TEXT, values)) as TeamsManifest;
    const urls = [
      filled.developer.websiteUrl,
      filled.developer.privacyUrl,
      filled.developer.termsOfUseUrl,
      ...filled.staticTabs.flatMap((tab) => [tab.contentUrl, tab.websiteUrl]),
      ...filled.configurableTabs.map((tab) => tab.configurationUrl),
    ];
    for (const url of urls) {
      expect(new URL(url).protocol, url).toBe('https:');
      expect(filled.validDomains, url).toContain(new URL(url).host);
    }
  });
});

describe('the Teams app manifest', () => {
  it('points $schema at the official URL of its manifestVersion', () => {
    expect(manifest.$schema).toBe(`https://developer.microsoft.com/json-schemas/teams/v${manifest.manifestVersion}/MicrosoftTeams.schema.json`);
  });

  it('declares a personal tab, and a channel and group chat tab that SharePoint pages can host too', () => {
    expect(manifest.staticTabs).toEqual([expect.objectContaining({ contentUrl: '${{TAB_ENDPOINT}}/?host=teams-personal', scopes: ['personal'], context: ['personalTab'] })]);
    expect(manifest.configurableTabs).toEqual([
      expect.objectContaining({
        configurationUrl: '${{TAB_ENDPOINT}}/config',
        canUpdateConfiguration: true,
        scopes: ['team', 'groupChat'],
        context: ['channelTab', 'privateChatTab'],
        supportedSharePointHosts: ['sharePointFullPage', 'sharePointWebPart'],
      }),
    ]);
    // The app calls app.notifySuccess() once it has rendered.
    expect(manifest.showLoadingIndicator).toBe(true);
  });

  it('asks for SSO tokens from the Entra app registration', () => {
    expect(manifest.webApplicationInfo).toEqual({ id: entra.appId, resource: 'api://${{TAB_DOMAIN}}/${{AAD_APP_CLIENT_ID}}' });
    expect(manifest.validDomains).toEqual(['${{TAB_DOMAIN}}']);
  });
});

describe('the Entra app registration manifest', () => {
  const scope = entra.api.oauth2PermissionScopes.find((candidate) => candidate.value === ENTRA_REQUIRED_SCOPE);

  it('exposes the scope the API requires, with consent texts and a fixed id', () => {
    expect(scope).toMatchObject({ type: 'User', isEnabled: true, id: expect.stringMatching(GUID) });
    expect(scope?.adminConsentDescription).not.toBe('');
    expect(scope?.userConsentDescription).not.toBe('');
  });

  it('pre-authorises every Teams, Microsoft 365 and Outlook client for that scope', () => {
    for (const [client, appId] of Object.entries(PRE_AUTHORISED_CLIENTS)) {
      expect(entra.api.preAuthorizedApplications, client).toContainEqual({ appId, delegatedPermissionIds: [scope?.id] });
    }
  });

  it('defines the admin app role the API checks, for users', () => {
    expect(entra.appRoles).toContainEqual(
      expect.objectContaining({ value: ADMIN_APP_ROLE, allowedMemberTypes: ['User'], isEnabled: true, description: 'Manage calendars and their editors', id: expect.stringMatching(GUID) }),
    );
    const ids = [...entra.appRoles, ...entra.api.oauth2PermissionScopes].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('issues v2 tokens with group ids, to any organisation, for the resource the Teams manifest names', () => {
    expect(entra.api.requestedAccessTokenVersion).toBe(2);
    expect(entra.groupMembershipClaims).toBe('SecurityGroup');
    expect(entra.signInAudience).toBe('AzureADMultipleOrgs');
    expect(entra.identifierUris).toEqual([manifest.webApplicationInfo.resource]);
    // Delegated only: the API reaches Graph on behalf of the signed-in user ("Add to my Outlook calendar"; the editors'
    // people picker: basic profiles, groups, and names for stored ids; group overage needs only User.Read).
    const delegated = ['User.Read', 'Calendars.ReadWrite', 'User.ReadBasic.All', 'GroupMember.Read.All', 'Directory.Read.All'];
    expect(entra.requiredResourceAccess).toEqual([{ resourceAppId: 'Microsoft Graph', resourceAccess: delegated.map((id) => ({ id, type: 'Scope' })) }]);
  });

  it('redirects to the MSAL bridge page, the app, and the nested app authentication broker', () => {
    expect(entra.spa.redirectUris).toEqual(['${{TAB_ENDPOINT}}/auth-end', '${{TAB_ENDPOINT}}/', 'brk-multihub://${{TAB_DOMAIN}}']);
  });
});

describe('the app icons', () => {
  const icon = (file: string) => readFileSync(join(ROOT, 'appPackage', file));

  it.each([
    ['color', 192],
    ['outline', 32],
  ] as const)('has a %s icon %i pixels square', (kind, size) => {
    expect(readPngHeader(icon(manifest.icons[kind]))).toMatchObject({ width: size, height: size });
  });

  it('draws the outline in white on transparent, and nothing else', () => {
    const { pixels } = readPng(icon(manifest.icons.outline));
    let white = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b, a] = pixels.subarray(i, i + 4);
      if (a === 0) continue;
      expect([r, g, b, a], `pixel ${i / 4}`).toEqual([255, 255, 255, 255]);
      white++;
    }
    expect(white).toBeGreaterThan(100);
  });

  it('makes the colour icon fully opaque, on the accent colour', () => {
    const { pixels } = readPng(icon(manifest.icons.color));
    expect(pixels.filter((_value, i) => i % 4 === 3 && pixels[i] !== 255)).toHaveLength(0);
    expect(manifest.accentColor).toBe(ACCENT_COLOUR);
    expect(Buffer.from(pixels.subarray(0, 3)).toString('hex').toUpperCase()).toBe(ACCENT_COLOUR.slice(1));
  });

  it.each(Object.entries(ICONS))('keeps %s as scripts/generate-icons.ts draws it', (file, draw) => {
    // Compares pixels, not bytes, so a different zlib build cannot fail it. If it fails: node scripts/generate-icons.ts
    expect(Buffer.from(readPng(icon(file)).pixels).equals(Buffer.from(draw().pixels))).toBe(true);
  });

  it('reads PNGs written with each of the five row filters', () => {
    // Two pixels a row; row y uses filter type y. The filtered bytes were worked out by hand from these pixels.
    const pixels = [
      [10, 20, 30, 255, 200, 100, 50, 255],
      [5, 250, 128, 0, 4, 3, 2, 1],
      [7, 7, 7, 7, 100, 150, 200, 250],
      [9, 0, 255, 128, 30, 60, 90, 120],
      [40, 41, 42, 136, 1, 2, 3, 4],
    ];
    const scanlines = [
      [0, 10, 20, 30, 255, 200, 100, 50, 255], // none
      [1, 5, 250, 128, 0, 255, 9, 130, 1], // sub: minus the pixel to the left, modulo 256
      [2, 2, 13, 135, 7, 96, 147, 198, 249], // up: minus the pixel above
      [3, 6, 253, 252, 125, 232, 241, 119, 187], // average: minus the floor of (left + above) / 2
      [4, 31, 41, 43, 8, 217, 198, 217, 132], // Paeth: the second pixel predicts from left, above, left, above-left in turn
    ];
    const decoded = readPng(pngFromScanlines(2, 5, Uint8Array.from(scanlines.flat())));
    expect([...decoded.pixels]).toEqual(pixels.flat());
  });
});
