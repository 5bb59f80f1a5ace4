import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';
import {
  COSMOS_CALENDARS_CONTAINER,
  COSMOS_EVENTS_CONTAINER,
  COSMOS_PARTITION_KEY_PATH,
  EVENTS_DEFAULT_TTL,
  EVENTS_INDEXING_POLICY,
} from '../../src/api/stores/cosmos/cosmos-store.ts';
import { CATEGORIES_UNIQUE_KEY_POLICY, COSMOS_CATEGORIES_CONTAINER } from '../../src/api/stores/cosmos/cosmos-categories.ts';
import { COSMOS_SUBSCRIPTIONS_CONTAINER, SUBSCRIPTIONS_INDEXING_POLICY } from '../../src/api/stores/cosmos/cosmos-subscriptions.ts';
import { COSMOS_USER_SETTINGS_CONTAINER } from '../../src/api/stores/cosmos/cosmos-user-settings.ts';
import { BicepExpression, parseBicep, resourceNamed, valueAt, type BicepObject, type BicepValue } from './helpers/bicep.ts';
import { dependencyClosure, isShipped, parseIgnoreFile, type PackageLock } from './helpers/deploy-package.ts';
import { readEnvironments } from './helpers/env-files.ts';
import { teamsManifestSchemaErrors } from './helpers/manifest-schema.ts';
import { findPlaceholders, substitutePlaceholders } from './helpers/placeholders.ts';
import { environmentVariablesRead, packagesImported, serverSources } from './helpers/server-source.ts';
import {
  EXAMPLE_WRITTEN_VALUES,
  parseLifecycle,
  projectFileReader,
  settingsWithValues,
  stepLabel,
  valuesAfterProvision,
  variablesUsedBy,
  variablesUsedTooEarly,
  variablesWrittenBy,
  variablesWrittenByLifecycle,
  variablesWrittenByTasks,
  type Lifecycle,
  type LifecycleStep,
  type ReadProjectFile,
} from './helpers/toolkit-project.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = projectFileReader(ROOT);
const ENVIRONMENTS = readEnvironments(join(ROOT, 'env'));

/** The Toolkit runs teamsapp.local.yml for the local environment and teamsapp.yml for every other. */
const LIFECYCLE_FILES: Record<string, string> = { local: 'teamsapp.local.yml', dev: 'teamsapp.yml' };
const LIFECYCLES = new Map(Object.entries(LIFECYCLE_FILES).map(([name, file]) => [name, parseLifecycle(read(file))]));

/** The newest schema published for teamsapp.yml; later ones are for m365agents.yml. */
const SCHEMA_VERSION = 'v1.8';

/** What the Toolkit asks for when its value is empty, before anything uses it. */
const ASKED_FOR_WHEN_EMPTY = ['AZURE_SUBSCRIPTION_ID', 'AZURE_RESOURCE_GROUP_NAME'];

/** VS Code's tasks run ahead of local provisioning: the dev tunnel writes the tab's endpoint and domain. */
const TASKS_JSON = read('.vscode/tasks.json');
const WRITTEN_BEFORE_PROVISION: Record<string, string[]> = { local: variablesWrittenByTasks(TASKS_JSON), dev: [] };

/**
 * The parameters of each action this project uses, as the lifecycle file schema (v1.8) declares them: required and
 * optional `with` keys, and the keys of `writeToEnvironmentFile`. A misspelt key would make the Toolkit refuse the file.
 */
const ACTIONS: Record<string, { required: string[]; optional?: string[]; writes?: string[]; mustWrite?: string[] }> = {
  'aadApp/create': {
    required: ['name', 'generateClientSecret', 'signInAudience'],
    optional: ['serviceManagementReference'],
    writes: ['clientId', 'objectId', 'tenantId', 'authority', 'authorityHost'],
    mustWrite: ['clientId', 'objectId'],
  },
  'aadApp/update': { required: ['manifestPath', 'outputFilePath'] },
  'arm/deploy': { required: ['subscriptionId', 'resourceGroupName', 'templates'], optional: ['bicepCliVersion'] },
  'teamsApp/create': { required: ['name'], writes: ['teamsAppId'], mustWrite: ['teamsAppId'] },
  'teamsApp/validateManifest': { required: ['manifestPath'] },
  'teamsApp/zipAppPackage': { required: ['manifestPath', 'outputZipPath', 'outputFolder'] },
  'teamsApp/validateAppPackage': { required: ['appPackagePath'] },
  'teamsApp/update': { required: ['appPackagePath'] },
  'teamsApp/publishAppPackage': { required: ['appPackagePath'], writes: ['publishedAppId'], mustWrite: ['publishedAppId'] },
  'cli/runNpmCommand': { required: ['args'], optional: ['workingDirectory'] },
  'azureAppService/zipDeploy': { required: ['artifactFolder', 'resourceId'], optional: ['workingDirectory', 'ignoreFile', 'dryRun', 'outputZipFile'] },
  'file/createOrUpdateEnvironmentFile': { required: ['envs', 'target'] },
  script: { required: ['run'], optional: ['workingDirectory', 'shell', 'timeout', 'redirectTo'] },
};

/** App settings read by App Service or its Application Insights agent rather than by the server. */
const PLATFORM_SETTINGS: Record<string, string> = {
  WEBSITE_RUN_FROM_PACKAGE: 'App Service mounts the deployed zip as the app',
  APPLICATIONINSIGHTS_CONNECTION_STRING: 'where the Application Insights agent sends telemetry',
  ApplicationInsightsAgent_EXTENSION_VERSION: 'turns the Application Insights agent for Node.js on',
  NODE_COMPILE_CACHE: 'where Node keeps compiled modules between starts',
  MALLOC_MMAP_THRESHOLD_: "glibc's malloc, when the process starts",
  MALLOC_ARENA_MAX: "glibc's malloc, when the process starts",
};

/** What the server needs in Azure: the Cosmos store with infrastructure-made containers, and Entra ID sign-in. */
const AZURE_SETTINGS = ['STORE', 'COSMOS_ENDPOINT', 'COSMOS_DATABASE', 'COSMOS_CREATE_RESOURCES', 'HOST', 'ENTRA_CLIENT_ID', 'ENTRA_APP_ID_URI', 'ENTRA_TENANT_ID', 'TEAMS_APP_ID', 'SHAREPOINT_ORIGINS'];

const SERVER_SOURCES = serverSources(ROOT);
const SERVER_READS = new Set([...SERVER_SOURCES.values()].flatMap(environmentVariablesRead));

const TEMPLATE_PATH = 'infra/azure.bicep';
const TEMPLATE = parseBicep(read(TEMPLATE_PATH));
const PARAMETERS = (JSON.parse(read('infra/azure.parameters.json')) as { parameters: Record<string, { value: string }> }).parameters;
const PACKAGE_JSON = JSON.parse(read('package.json')) as { type: string; scripts: Record<string, string>; engines: { node: string } };
const ENTRA_MANIFEST = JSON.parse(read('aad.manifest.json')) as { displayName: string; signInAudience: string; identifierUris: string[] };

function lifecycle(name: string): Lifecycle {
  const found = LIFECYCLES.get(name);
  if (!found) throw new Error(`No lifecycle for ${name}`);
  return found;
}

function envFile(name: string) {
  const values = ENVIRONMENTS.get(name);
  if (!values) throw new Error(`No env/.env.${name}`);
  return values;
}

/** What is there before a lifecycle's first step: the env file's settings, what the Toolkit asks for, what runs first. */
function givenBeforeLifecycle(name: string): string[] {
  return [...settingsWithValues(envFile(name)), ...ASKED_FOR_WHEN_EMPTY, ...WRITTEN_BEFORE_PROVISION[name]!];
}

function stepsUsing(steps: LifecycleStep[], action: string): LifecycleStep[] {
  return steps.filter((step) => step.uses === action);
}

function expression(value: BicepValue | undefined): string {
  if (!(value instanceof BicepExpression)) throw new Error(`Expected an expression, got ${JSON.stringify(value)}`);
  return value.text;
}

function setting(name: string): BicepValue | undefined {
  return valueAt(resourceNamed(TEMPLATE, 'webAppSettings').body, `properties.${name}`);
}

function appSettingNames(): string[] {
  return Object.keys(valueAt(resourceNamed(TEMPLATE, 'webAppSettings').body, 'properties') as BicepObject);
}

/**
 * A Bicep string as the Toolkit's placeholders would spell it: each ${param} becomes the value the parameters file
 * gives it, and each ${expression} that an output returns becomes ${{OUTPUT}}.
 */
function asPlaceholders(bicepString: string): string {
  const outputs = new Map(TEMPLATE.outputs.flatMap((output) => (output.value instanceof BicepExpression ? [[output.value.text, output.name]] : [])));
  return bicepString.replace(/^'|'$/g, '').replace(/\$\{([^}]+)\}/g, (_match, inner: string) => {
    const parameter = PARAMETERS[inner]?.value;
    if (parameter !== undefined) return parameter;
    const output = outputs.get(inner);
    if (output !== undefined) return `\${{${output}}}`;
    throw new Error(`${inner} is neither a parameter nor an output`);
  });
}

describe.each([...LIFECYCLES.keys()])('the %s lifecycle', (name) => {
  const { steps } = lifecycle(name);

  it(`is on the ${SCHEMA_VERSION} schema, named in the yaml-language-server comment as the Toolkit writes it`, () => {
    expect(lifecycle(name)).toMatchObject({
      version: SCHEMA_VERSION,
      schemaUrl: `https://aka.ms/teams-toolkit/${SCHEMA_VERSION}/yaml.schema.json`,
      environmentFolderPath: './env',
    });
  });

  it('gives each action the parameters its schema declares, and no others', () => {
    for (const step of steps) {
      const label = stepLabel(step, steps);
      const action = ACTIONS[step.uses];
      expect(action, `${label}: an action this test knows`).toBeDefined();
      expect(Object.keys(step).filter((key) => !['stage', 'uses', 'name', 'env', 'with', 'writeToEnvironmentFile'].includes(key)), label).toEqual([]);
      const given = Object.keys(step.with ?? {});
      expect(given, label).toEqual(expect.arrayContaining(action!.required));
      expect(given.filter((key) => ![...action!.required, ...(action!.optional ?? [])].includes(key)), label).toEqual([]);
      const writes = Object.keys(step.writeToEnvironmentFile ?? {});
      expect(writes, label).toEqual(expect.arrayContaining(action!.mustWrite ?? []));
      expect(writes.filter((key) => !(action!.writes ?? []).includes(key)), label).toEqual([]);
      for (const variable of Object.values(step.writeToEnvironmentFile ?? {})) expect(variable, label).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });

  it('sets every ${{VAR}} it uses before the step that uses it: from the env file, an earlier step or a Bicep output', () => {
    expect(variablesUsedTooEarly(lifecycle(name), givenBeforeLifecycle(name), read)).toEqual([]);
  });

  it('creates the Entra app registration under the name, and for the audience, that aad.manifest.json sets', () => {
    for (const step of stepsUsing(steps, 'aadApp/create')) {
      expect(step.with).toMatchObject({ name: ENTRA_MANIFEST.displayName, signInAudience: ENTRA_MANIFEST.signInAudience, generateClientSecret: false });
    }
    expect(stepsUsing(steps, 'aadApp/update').map((step) => step.with?.manifestPath)).toEqual(['./aad.manifest.json']);
  });

  it('builds a Teams app package that the official schema accepts, with the values provisioning writes', () => {
    const values = valuesAfterProvision(name, envFile(name));
    const manifests = new Set([...stepsUsing(steps, 'teamsApp/zipAppPackage'), ...stepsUsing(steps, 'teamsApp/validateManifest')].map((step) => step.with!.manifestPath as string));
    expect(manifests.size).toBeGreaterThan(0);
    for (const manifest of manifests) {
      expect(teamsManifestSchemaErrors(JSON.parse(substitutePlaceholders(read(manifest), values)) as { manifestVersion: string }), manifest).toEqual([]);
    }
  });

  it('runs only npm scripts that package.json has', () => {
    for (const step of stepsUsing(steps, 'cli/runNpmCommand')) {
      const script = /^run (\S+)/.exec(step.with!.args as string)?.[1];
      if (script) expect(PACKAGE_JSON.scripts, stepLabel(step, steps)).toHaveProperty(script);
    }
  });
});

describe('the lifecycle checker', () => {
  const dev = lifecycle('dev');

  it('catches a step that uses a value before the step that writes it, even when the env file holds one from before', () => {
    const steps = [...dev.steps];
    const update = steps.findIndex((step) => step.uses === 'aadApp/update');
    const [moved] = steps.splice(update, 1);
    steps.unshift(moved!);
    // A first provision has none of these: values committed from an earlier run must not hide the wrong order.
    const stale = ['AAD_APP_OBJECT_ID', 'AAD_APP_CLIENT_ID', 'TAB_DOMAIN', 'TAB_ENDPOINT'];
    expect(variablesUsedTooEarly({ ...dev, steps }, [...givenBeforeLifecycle('dev'), ...stale], read)).toEqual([
      'provision #1 (aadApp/update) uses AAD_APP_OBJECT_ID before anything sets it',
      'provision #1 (aadApp/update) uses AAD_APP_CLIENT_ID before anything sets it',
      'provision #1 (aadApp/update) uses TAB_DOMAIN before anything sets it',
      'provision #1 (aadApp/update) uses TAB_ENDPOINT before anything sets it',
    ]);
  });

  it('catches a placeholder that nothing sets, in a file a step reads', () => {
    const broken: ReadProjectFile = (path) => (path === 'infra/azure.parameters.json' ? read(path).replace('${{TEAMS_APP_ID}}', '${{TEAMS_APPID}}') : read(path));
    expect(variablesUsedTooEarly(dev, givenBeforeLifecycle('dev'), broken)).toEqual(['provision #3 (arm/deploy) uses TEAMS_APPID before anything sets it']);
  });

  it('catches a setting missing from the env file', () => {
    const given = givenBeforeLifecycle('dev').filter((variable) => variable !== 'SHAREPOINT_ORIGINS');
    expect(variablesUsedTooEarly(dev, given, read)).toEqual(['provision #3 (arm/deploy) uses SHAREPOINT_ORIGINS before anything sets it']);
  });

  it('catches a Bicep output that a later step needs and the template no longer has', () => {
    const withoutTabDomain: ReadProjectFile = (path) => (path === TEMPLATE_PATH ? read(path).replace(/^output TAB_DOMAIN .*$/m, '') : read(path));
    expect(variablesUsedTooEarly(dev, givenBeforeLifecycle('dev'), withoutTabDomain)).toEqual([
      'provision #5 (aadApp/update) uses TAB_DOMAIN before anything sets it',
      'provision #6 (teamsApp/validateManifest) uses TAB_DOMAIN before anything sets it',
      'provision #7 (teamsApp/zipAppPackage) uses TAB_DOMAIN before anything sets it',
      'publish #1 (teamsApp/validateManifest) uses TAB_DOMAIN before anything sets it',
      'publish #2 (teamsApp/zipAppPackage) uses TAB_DOMAIN before anything sets it',
    ]);
  });
});

describe('the env files', () => {
  it.each([...ENVIRONMENTS.keys()])('env/.env.%s holds only settings something uses, asks for or writes, and no secret', (name) => {
    const values = envFile(name);
    const known = new Set([
      ...lifecycle(name).steps.flatMap((step) => [...variablesUsedBy(step, read), ...variablesWrittenBy(step, read)]),
      ...ASKED_FOR_WHEN_EMPTY,
      ...WRITTEN_BEFORE_PROVISION[name]!,
      'TEAMSFX_ENV',
    ]);
    expect(Object.keys(values).filter((setting) => !known.has(setting))).toEqual([]);
    expect(Object.keys(values).filter((setting) => setting.startsWith('SECRET_'))).toEqual([]);
  });

  it.each([...ENVIRONMENTS.keys()])('env/.env.%s gives a value to every setting that nothing writes or asks for', (name) => {
    const values = envFile(name);
    const filledLater = new Set([...variablesWrittenByLifecycle(lifecycle(name), read), ...ASKED_FOR_WHEN_EMPTY, ...WRITTEN_BEFORE_PROVISION[name]!]);
    expect(Object.keys(values).filter((setting) => !filledLater.has(setting) && values[setting] === '')).toEqual([]);
  });

  it('are committed, while git ignores the .user files that would hold secrets and the generated server settings', () => {
    const ignored = read('.gitignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['env/.env.*.user', '.localConfigs', 'appPackage/build/']));
  });

  it.each(Object.keys(EXAMPLE_WRITTEN_VALUES))('have example values for exactly what the %s environment writes', (name) => {
    const written = new Set([...variablesWrittenByLifecycle(lifecycle(name), read), ...WRITTEN_BEFORE_PROVISION[name]!]);
    expect(Object.keys(EXAMPLE_WRITTEN_VALUES[name]!).sort()).toEqual([...written].sort());
  });
});

describe('local debugging in Teams', () => {
  const steps = lifecycle('local').steps;
  const [serverSettings] = stepsUsing(steps, 'file/createOrUpdateEnvironmentFile');
  const envs = serverSettings!.with!.envs as Record<string, string | number>;
  const tasks = (JSON.parse(TASKS_JSON) as { tasks: { label: string; command?: string; args?: { ports?: { portNumber: number }[] }; dependsOn?: string[] }[] }).tasks;

  it('writes only settings the server reads', () => {
    expect(Object.keys(envs).filter((setting) => !SERVER_READS.has(setting))).toEqual([]);
  });

  it('serves on the port the dev tunnel forwards, and the start task reads the settings file the lifecycle writes', () => {
    const tunnel = tasks.find((task) => task.command === 'debug-start-local-tunnel');
    expect(tunnel?.args?.ports?.map((port) => port.portNumber)).toEqual([envs.PORT]);
    const start = tasks.find((task) => task.label === 'Start application');
    expect(start?.command).toContain(`--env-file=${serverSettings!.with!.target as string}`.replace('./', ''));
    expect(tasks.find((task) => task.label === 'Start Teams App Locally')?.dependsOn).toEqual(['Validate prerequisites', 'Start local tunnel', 'Provision', 'Deploy', 'Start application']);
  });

  it('accepts tokens for the App ID URI the Entra app exposes', () => {
    expect(envs.ENTRA_APP_ID_URI).toBe(ENTRA_MANIFEST.identifierUris[0]);
  });

  it('launches Teams with an app id the local lifecycle writes', () => {
    const launchNames = Array.from(read('.vscode/launch.json').matchAll(/\$\{\{local:([A-Z0-9_]+)\}\}/g), (match) => match[1]);
    expect(launchNames.length).toBeGreaterThan(0);
    for (const variable of launchNames) expect(variablesWrittenByLifecycle(lifecycle('local'), read)).toContain(variable);
  });
});

describe('infra/azure.bicep', () => {
  const dev = lifecycle('dev');
  const [armDeploy] = stepsUsing(dev.steps, 'arm/deploy');

  it('is what the dev lifecycle deploys, with its parameters file and a pinned Bicep version', () => {
    expect(armDeploy?.with?.templates).toEqual([expect.objectContaining({ path: `./${TEMPLATE_PATH}`, parameters: './infra/azure.parameters.json' })]);
    expect(armDeploy?.with?.bicepCliVersion).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it('gets a value for every parameter, from the parameters file or a default, and no value for a parameter it lacks', () => {
    const withoutDefault = TEMPLATE.params.filter((param) => param.defaultValue === undefined).map((param) => param.name);
    expect(Object.keys(PARAMETERS)).toEqual(expect.arrayContaining(withoutDefault));
    expect(Object.keys(PARAMETERS).filter((name) => !TEMPLATE.params.some((param) => param.name === name))).toEqual([]);
  });

  it('has every output used by a later step', () => {
    const after = dev.steps.slice(dev.steps.indexOf(armDeploy!) + 1);
    const used = new Set(after.flatMap((step) => variablesUsedBy(step, read)));
    expect(TEMPLATE.outputs.map((output) => output.name).filter((output) => !used.has(output))).toEqual([]);
  });

  it('uses stable API versions only', () => {
    expect(TEMPLATE.resources.filter((resource) => resource.apiVersion.includes('preview')).map((resource) => resource.symbol)).toEqual([]);
  });

  it('runs the server on Linux, on Node 24, from the bundle that the zip carries', () => {
    const webApp = resourceNamed(TEMPLATE, 'webApp').body;
    expect(webApp).toMatchObject({ kind: 'app,linux', identity: { type: 'SystemAssigned' }, properties: { httpsOnly: true } });
    const siteConfig = valueAt(webApp, 'properties.siteConfig') as BicepObject;
    expect(siteConfig).toMatchObject({ linuxFxVersion: 'NODE|24-lts', alwaysOn: true, minTlsVersion: '1.2', scmMinTlsVersion: '1.2', ftpsState: 'Disabled', healthCheckPath: '/api/health' });
    expect(Number(/^>=(\d+)/.exec(PACKAGE_JSON.engines.node)?.[1])).toBeLessThanOrEqual(24);
    const startFile = /^node (?:--\S+ )*(\S+\.js)$/.exec(siteConfig.appCommandLine as string)?.[1];
    expect(startFile).toBe(SERVER_ENTRY);
    expect(isShipped(parseIgnoreFile(read('.webappignore')), startFile!)).toBe(true);
    // The bundle's modules are ES modules: Node reads .js files as such by package.json's type.
    expect(PACKAGE_JSON.type).toBe('module');
    expect(resourceNamed(TEMPLATE, 'appServicePlan').body).toMatchObject({ kind: 'linux', properties: { reserved: true } });
  });

  it('sets only app settings that the server, or App Service and its agent, reads', () => {
    expect(appSettingNames().filter((name) => !SERVER_READS.has(name) && !(name in PLATFORM_SETTINGS))).toEqual([]);
  });

  it('gives Node a compile cache that is writable beside the read-only zip and outlives a restart', () => {
    // App Service's /home is persistent storage; the zip is mounted read-only and /tmp is empty in every new container.
    expect(setting('WEBSITE_RUN_FROM_PACKAGE')).toBe('1');
    expect(setting('NODE_COMPILE_CACHE')).toMatch(/^\/home\/(?!site\/wwwroot)[\w/-]+$/);
  });

  it('configures the server for Cosmos DB through its managed identity, with no key and no secret', () => {
    expect(appSettingNames()).toEqual(expect.arrayContaining(AZURE_SETTINGS));
    expect(appSettingNames().filter((name) => /KEY|SECRET|PASSWORD/i.test(name))).toEqual([]);
    expect(setting('STORE')).toBe('cosmos');
    expect(setting('COSMOS_CREATE_RESOURCES')).toBe('false');
    expect(expression(setting('COSMOS_ENDPOINT'))).toBe('cosmosAccount.properties.documentEndpoint');
    expect(expression(setting('COSMOS_DATABASE'))).toBe('cosmosDatabaseName');
    const database = resourceNamed(TEMPLATE, 'cosmosDatabase').body;
    expect([database.name, valueAt(database, 'properties.resource.id')]).toEqual([new BicepExpression('cosmosDatabaseName'), new BicepExpression('cosmosDatabaseName')]);
    // The server only listens beyond loopback with an identity provider configured; App Service gives PORT.
    expect(setting('HOST')).toBe('0.0.0.0');
    expect(appSettingNames()).not.toContain('PORT');
    // Beyond loopback the server answers only the names it is given (DNS rebinding): the site's own host name.
    expect(expression(setting('PUBLIC_HOSTS'))).toBe('webApp.properties.defaultHostName');
    // App Service's front end is one proxy: per-address limits count the client it names, not the front end.
    expect(setting('TRUSTED_PROXY_HOPS')).toBe('1');
  });

  it('passes the Toolkit\'s ids to the server and accepts tokens for the App ID URI the Entra app exposes', () => {
    for (const [name, param] of [
      ['ENTRA_CLIENT_ID', 'entraClientId'],
      ['ENTRA_TENANT_ID', 'entraTenantId'],
      ['TEAMS_APP_ID', 'teamsAppId'],
      ['SHAREPOINT_ORIGINS', 'sharePointOrigins'],
    ] as const) {
      expect(expression(setting(name)), name).toBe(param);
    }
    expect(PARAMETERS).toMatchObject({ entraClientId: { value: '${{AAD_APP_CLIENT_ID}}' }, entraTenantId: { value: '${{AAD_APP_TENANT_ID}}' }, teamsAppId: { value: '${{TEAMS_APP_ID}}' } });
    expect(asPlaceholders(expression(setting('ENTRA_APP_ID_URI')))).toBe(ENTRA_MANIFEST.identifierUris[0]);
    expect(asPlaceholders(expression(TEMPLATE.outputs.find((output) => output.name === 'TAB_ENDPOINT')?.value))).toBe('https://${{TAB_DOMAIN}}');
  });

  it('creates a serverless Cosmos DB account that takes Entra ID tokens only, over TLS 1.2', () => {
    const account = resourceNamed(TEMPLATE, 'cosmosAccount').body;
    expect(valueAt(account, 'properties')).toMatchObject({ disableLocalAuth: true, disableKeyBasedMetadataWriteAccess: true, minimalTlsVersion: 'Tls12' });
    const capacityMode = TEMPLATE.params.find((param) => param.name === 'cosmosCapacityMode');
    expect(capacityMode?.defaultValue).toBe("'serverless'");
    expect(expression(valueAt(account, 'properties.capabilities'))).toBe('cosmosCapabilities[cosmosCapacityMode]');
    expect(TEMPLATE.vars.get('cosmosCapabilities')).toEqual({ serverless: [{ name: 'EnableServerless' }], autoscale: [], provisioned: [] });
    expect(expression(valueAt(resourceNamed(TEMPLATE, 'cosmosDatabase').body, 'properties.options'))).toBe('cosmosDatabaseOptions[cosmosCapacityMode]');
    expect(TEMPLATE.vars.get('cosmosDatabaseOptions')).toMatchObject({ serverless: {}, autoscale: { autoscaleSettings: {} }, provisioned: { throughput: expect.any(BicepExpression) } });
  });

  it('creates the containers as the Cosmos store creates them locally: names, partition keys, indexing, time to live', () => {
    const container = (symbol: string) => valueAt(resourceNamed(TEMPLATE, symbol).body, 'properties.resource') as BicepObject;
    const partitionKey = { paths: [COSMOS_PARTITION_KEY_PATH], kind: 'Hash', version: 2 };
    expect(container('calendarsContainer')).toEqual({ id: COSMOS_CALENDARS_CONTAINER, partitionKey });
    expect(container('eventsContainer')).toEqual({ id: COSMOS_EVENTS_CONTAINER, partitionKey, indexingPolicy: EVENTS_INDEXING_POLICY, defaultTtl: EVENTS_DEFAULT_TTL });
    expect(container('userSettingsContainer')).toEqual({ id: COSMOS_USER_SETTINGS_CONTAINER, partitionKey });
    expect(container('categoriesContainer')).toEqual({ id: COSMOS_CATEGORIES_CONTAINER, partitionKey, uniqueKeyPolicy: CATEGORIES_UNIQUE_KEY_POLICY });
    expect(container('subscriptionsContainer')).toEqual({ id: COSMOS_SUBSCRIPTIONS_CONTAINER, partitionKey, indexingPolicy: SUBSCRIPTIONS_INDEXING_POLICY });
    for (const symbol of ['calendarsContainer', 'eventsContainer', 'userSettingsContainer', 'categoriesContainer', 'subscriptionsContainer']) {
      expect(resourceNamed(TEMPLATE, symbol).body.name).toBe(container(symbol).id);
    }
  });

  it('gives the web app\'s managed identity the built-in Data Contributor role on the account', () => {
    const assignment = resourceNamed(TEMPLATE, 'webAppCosmosDataContributor').body;
    expect(TEMPLATE.vars.get('cosmosDataContributorRoleId')).toBe('00000000-0000-0000-0000-000000000002');
    expect(expression(assignment.parent)).toBe('cosmosAccount');
    expect(expression(valueAt(assignment, 'properties.roleDefinitionId'))).toBe("'${cosmosAccount.id}/sqlRoleDefinitions/${cosmosDataContributorRoleId}'");
    expect(expression(valueAt(assignment, 'properties.principalId'))).toBe('webApp.identity.principalId');
    expect(expression(valueAt(assignment, 'properties.scope'))).toBe('cosmosAccount.id');
  });

  it('sends telemetry to Application Insights over the Log Analytics workspace', () => {
    expect(valueAt(resourceNamed(TEMPLATE, 'appInsights').body, 'properties')).toMatchObject({ WorkspaceResourceId: new BicepExpression('logWorkspace.id') });
    expect(expression(setting('APPLICATIONINSIGHTS_CONNECTION_STRING'))).toBe('appInsights.properties.ConnectionString');
  });
});

describe('the deployment zip', () => {
  const rules = parseIgnoreFile(read('.webappignore'));
  const [zipDeploy] = stepsUsing(lifecycle('dev').steps, 'azureAppService/zipDeploy');
  const lock = JSON.parse(read('package-lock.json')) as PackageLock;

  it('is built from the project folder with .webappignore, for the web app that the template creates', () => {
    expect(zipDeploy?.with).toEqual({ artifactFolder: '.', ignoreFile: '.webappignore', resourceId: '${{AZURE_APP_SERVICE_RESOURCE_ID}}' });
  });

  it('carries the server, the built web app and node_modules, and none of the project\'s other files', () => {
    for (const path of ['package.json', SERVER_ENTRY, 'dist/server/ical-import-worker.js', 'dist/web/index.html', 'node_modules/fastify/package.json']) {
      expect(isShipped(rules, path), path).toBe(true);
    }
    const projectFiles: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory() && !['node_modules', '.git', 'dist'].includes(path)) walk(path);
        else if (!entry.isDirectory()) projectFiles.push(path);
      }
    };
    walk('');
    const shipped = projectFiles.filter((path) => isShipped(rules, path));
    expect(shipped).toEqual(['package.json']);
    for (const path of ['.localConfigs', 'env/.env.dev', 'src/web/main.tsx', 'src/api/server.ts', 'tests/unit/config.test.ts', 'data/calendar.db', '.git/config']) {
      expect(isShipped(rules, path), path).toBe(false);
    }
  });

  it('keeps every package the server loads, directly or through another package', () => {
    const imported = [...new Set([...SERVER_SOURCES.values()].flatMap(packagesImported))];
    const dropped = [...dependencyClosure(lock, imported)].filter((location) => !isShipped(rules, `${location}/package.json`));
    expect(dropped).toEqual([]);
  });

  it('works on Linux whatever machine deploys it: the one native package loads its bundled linux-x64 prebuild', () => {
    // npm gives better-sqlite3 an implicit `node-gyp rebuild` install script (it has a binding.gyp), so the lock
    // file says hasInstallScript. Its binding.gyp builds nothing while a prebuild for the deploying machine exists,
    // and the package ships prebuilds for every platform App Service or a developer runs, so `npm ci` on Windows,
    // macOS or Linux leaves the same linux-x64 binary in the zip. Any other platform-bound package would need a look.
    const platformBound = Object.entries(lock.packages).filter(([location, entry]) => location !== '' && !entry.dev && (entry.hasInstallScript || entry.os || entry.cpu));
    expect(platformBound.map(([location]) => location)).toEqual(['node_modules/better-sqlite3']);
    expect(read('node_modules/better-sqlite3/binding.gyp')).toMatch(/force_build==1 or prebuild_exists==0/);
  });

  it('ships better-sqlite3\'s linux-x64 prebuild, an x86-64 ELF library, and never a binary compiled on the deploying machine', () => {
    const prebuild = 'node_modules/better-sqlite3/prebuilds/linux-x64.node';
    expect(isShipped(rules, prebuild)).toBe(true);
    const header = readFileSync(join(ROOT, prebuild)).subarray(0, 20);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    // e_machine 62 is x86-64 (little-endian, at offset 18).
    expect(header.readUInt16LE(18)).toBe(62);
    // A binary node-gyp compiled would be loaded before the prebuild, and it was built for the deploying machine.
    expect(isShipped(rules, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(false);
  });

  it('is made after a clean install, a production build and the removal of development dependencies', () => {
    const deploy = lifecycle('dev').steps.filter((step) => step.stage === 'deploy');
    // npm's command, and the script for npm run.
    const command = (args: string) => args.split(' ').slice(0, args.startsWith('run ') ? 2 : 1).join(' ');
    expect(deploy.map((step) => (step.uses === 'cli/runNpmCommand' ? command(step.with!.args as string) : step.uses))).toEqual([
      'ci',
      'run build',
      'prune',
      'azureAppService/zipDeploy',
    ]);
    expect(deploy[1]?.env).toEqual({ NODE_ENV: 'production' });
    expect(deploy[2]?.with?.args).toContain('--omit=dev');
  });
});

describe('the placeholders in the Toolkit\'s files', () => {
  it('are spelt the Toolkit\'s way everywhere', () => {
    for (const file of ['teamsapp.yml', 'teamsapp.local.yml', 'infra/azure.parameters.json', 'appPackage/manifest.json', 'aad.manifest.json']) {
      const text = read(file);
      // A lone ${NAME} or {{NAME}} is not replaced by the Toolkit; Bicep's own ${…} lives in the .bicep file only.
      const strays = text.replace(/\$\{\{[^}]*\}\}/g, '').match(/\$\{[A-Z_]+\}|\{\{[A-Z_]+\}\}/g) ?? [];
      expect(strays, file).toEqual([]);
      expect(findPlaceholders(text).every((name) => /^[A-Z][A-Z0-9_]*$/.test(name)), file).toBe(true);
    }
  });
});
