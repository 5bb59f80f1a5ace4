import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parseBicep } from './bicep.ts';
import type { EnvValues } from './env-files.ts';
import { findPlaceholders } from './placeholders.ts';

/** The Agents Toolkit's lifecycle stages, in the order a project goes through them. */
export const STAGES = ['provision', 'deploy', 'publish'] as const;
export type Stage = (typeof STAGES)[number];

export interface LifecycleStep {
  stage: Stage;
  uses: string;
  name?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  writeToEnvironmentFile?: Record<string, string>;
}

export interface Lifecycle {
  /** The `$schema` of the yaml-language-server comment on the first line. */
  schemaUrl: string | undefined;
  version: string;
  environmentFolderPath: string;
  steps: LifecycleStep[];
}

/** Parses teamsapp.yml or teamsapp.local.yml; its steps in the order the Toolkit runs them. */
export function parseLifecycle(text: string): Lifecycle {
  const document = parse(text) as { version: string; environmentFolderPath: string } & Partial<Record<Stage, Omit<LifecycleStep, 'stage'>[]>>;
  return {
    schemaUrl: /^# yaml-language-server: \$schema=(\S+)$/m.exec(text.split('\n')[0] ?? '')?.[1],
    version: document.version,
    environmentFolderPath: document.environmentFolderPath,
    steps: STAGES.flatMap((stage) => (document[stage] ?? []).map((step) => ({ ...step, stage }))),
  };
}

/** How a step is named in messages: its stage, position and action. */
export function stepLabel(step: LifecycleStep, steps: readonly LifecycleStep[]): string {
  return `${step.stage} #${steps.filter((other) => other.stage === step.stage).indexOf(step) + 1} (${step.uses})`;
}

/** A path as a lifecycle file gives it (./infra/azure.bicep), as the project root sees it (infra/azure.bicep). */
function fromProjectRoot(path: string): string {
  return path.replace(/^\.\//, '');
}

/** The project files a step reads with ${{NAME}} placeholders in them, relative to the project root. */
export function filesReadBy(step: LifecycleStep): string[] {
  const given = step.with ?? {};
  switch (step.uses) {
    case 'aadApp/update':
    case 'teamsApp/validateManifest':
    case 'teamsApp/zipAppPackage':
      return [fromProjectRoot(given.manifestPath as string)];
    case 'arm/deploy':
      return (given.templates as { parameters: string }[]).map((template) => fromProjectRoot(template.parameters));
    default:
      return [];
  }
}

/** The Bicep templates an arm/deploy step deploys, relative to the project root. */
export function templatesDeployedBy(step: LifecycleStep): string[] {
  return step.uses === 'arm/deploy' ? (step.with!.templates as { path: string }[]).map((template) => fromProjectRoot(template.path)) : [];
}

/** Reads a project file by the path a lifecycle file gives, relative to the project root. */
export type ReadProjectFile = (path: string) => string;

export function projectFileReader(root: string): ReadProjectFile {
  return (path) => readFileSync(join(root, path), 'utf8');
}

/** The variables a step needs: placeholders in its parameters and in the files it reads. */
export function variablesUsedBy(step: LifecycleStep, read: ReadProjectFile): string[] {
  const texts = [JSON.stringify({ with: step.with, env: step.env }), ...filesReadBy(step).map(read)];
  return [...new Set(texts.flatMap(findPlaceholders))];
}

/** The variables a step writes to the environment file: its writeToEnvironmentFile names and, for arm/deploy, the templates' outputs. */
export function variablesWrittenBy(step: LifecycleStep, read: ReadProjectFile): string[] {
  const outputs = templatesDeployedBy(step).flatMap((path) => parseBicep(read(path)).outputs.map((output) => output.name));
  return [...Object.values(step.writeToEnvironmentFile ?? {}), ...outputs];
}

/** Every variable any step of the lifecycle writes. */
export function variablesWrittenByLifecycle(lifecycle: Lifecycle, read: ReadProjectFile): Set<string> {
  return new Set(lifecycle.steps.flatMap((step) => variablesWrittenBy(step, read)));
}

/**
 * Walks the steps in order and names each variable a step uses before anything gives it a value. `given` holds what
 * is there before the first step: the env file's own settings and whatever runs ahead of the lifecycle. A value that
 * a step writes counts only from that step on, even if the env file holds an earlier one: a first run has none.
 */
export function variablesUsedTooEarly(lifecycle: Lifecycle, given: Iterable<string>, read: ReadProjectFile): string[] {
  const written = variablesWrittenByLifecycle(lifecycle, read);
  const available = new Set([...given].filter((name) => !written.has(name)));
  const problems: string[] = [];
  for (const step of lifecycle.steps) {
    for (const name of variablesUsedBy(step, read)) {
      if (!available.has(name)) problems.push(`${stepLabel(step, lifecycle.steps)} uses ${name} before anything sets it`);
    }
    for (const name of variablesWrittenBy(step, read)) available.add(name);
  }
  return problems;
}

/** The settings an env file gives itself: those with a value. */
export function settingsWithValues(values: EnvValues): string[] {
  return Object.keys(values).filter((name) => values[name] !== '');
}

/** The VS Code task that runs ahead of local provisioning and what it writes: the dev tunnel's endpoint and domain. */
export function variablesWrittenByTasks(tasksJson: string): string[] {
  const { tasks } = JSON.parse(tasksJson) as { tasks: { command?: string; args?: { ports?: { writeToEnvironmentFile?: Record<string, string> }[] } }[] };
  return tasks
    .filter((task) => task.command === 'debug-start-local-tunnel')
    .flatMap((task) => (task.args?.ports ?? []).flatMap((port) => Object.values(port.writeToEnvironmentFile ?? {})));
}

/**
 * Values as provisioning writes them, by environment, in the shape they take: so that the files which use them can
 * be checked before anything has been provisioned. A test keeps this list equal to what the lifecycles write.
 */
export const EXAMPLE_WRITTEN_VALUES: Record<string, EnvValues> = {
  local: {
    TAB_DOMAIN: 'h3kx9q2m-53000.euw.devtunnels.ms',
    TAB_ENDPOINT: 'https://h3kx9q2m-53000.euw.devtunnels.ms',
    AAD_APP_CLIENT_ID: 'd3efdc21-694e-4c70-b790-6b6b2d4c946e',
    AAD_APP_OBJECT_ID: '4b1f0f7e-2a4c-4d3e-9a55-0c8b7e6d5f41',
    AAD_APP_TENANT_ID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    TEAMS_APP_ID: '7e93b7b2-2206-4dda-a166-07c7e8fa8693',
  },
  dev: {
    AAD_APP_CLIENT_ID: '35975cde-dd76-48ea-8d14-0e8d693fbd61',
    AAD_APP_OBJECT_ID: '9c0d7e2a-5b6f-4e1a-8d3c-2f4e6a8b0c1d',
    AAD_APP_TENANT_ID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    TEAMS_APP_ID: 'f9dd59cc-5fcc-478d-84b0-9bb60bd67b78',
    TAB_DOMAIN: 'company-calendar-dev-6fqx2gsm4bnyk.azurewebsites.net',
    TAB_ENDPOINT: 'https://company-calendar-dev-6fqx2gsm4bnyk.azurewebsites.net',
    AZURE_APP_SERVICE_RESOURCE_ID:
      '/subscriptions/0b4c9f6e-1d2a-4e3b-8c5d-6e7f8a9b0c1d/resourceGroups/company-calendar-dev/providers/Microsoft.Web/sites/company-calendar-dev-6fqx2gsm4bnyk',
    TEAMS_APP_PUBLISHED_APP_ID: '5a0e9d8c-7b6a-4f5e-9d4c-3b2a1f0e9d8c',
    WEB_APP_PRINCIPAL_ID: '3e8a1c5d-9f2b-4a7e-b6d0-1c4f8e2a9b57',
  },
};

/** An environment's values once provisioned: what the env file sets, and example values for what provisioning writes. */
export function valuesAfterProvision(name: string, envFile: EnvValues): EnvValues {
  const examples = EXAMPLE_WRITTEN_VALUES[name];
  if (!examples) throw new Error(`No example values for the ${name} environment`);
  return { ...examples, ...Object.fromEntries(settingsWithValues(envFile).map((setting) => [setting, envFile[setting]!])) };
}
