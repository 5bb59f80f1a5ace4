/**
 * Reads the subset of Bicep that infra/azure.bicep is written in, so that offline tests can check its structure
 * where no Bicep compiler is at hand: params, vars, resources, outputs and decorators; object and array literals
 * one entry a line; single-quoted strings. Anything else (a value that is not a literal) is kept as an expression's
 * source text. What this reader does not know, it refuses, so that the template cannot outgrow its tests unseen.
 */

/** A value that is not a literal: a reference, a function call, an interpolated string. */
export class BicepExpression {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export type BicepValue = string | number | boolean | null | BicepExpression | BicepValue[] | BicepObject;
export interface BicepObject {
  [key: string]: BicepValue;
}

export interface BicepParam {
  name: string;
  type: string;
  /** The default's source text, when there is one. */
  defaultValue?: string;
  decorators: string[];
}

export interface BicepResource {
  symbol: string;
  type: string;
  apiVersion: string;
  body: BicepObject;
}

export interface BicepTemplate {
  params: BicepParam[];
  vars: Map<string, BicepValue>;
  resources: BicepResource[];
  outputs: { name: string; type: string; value: BicepValue }[];
}

/** The line without its comment, quotes taken into account. */
function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (inString && char === '\\') i++;
    else if (char === "'") inString = !inString;
    else if (!inString && char === '/' && line[i + 1] === '/') return line.slice(0, i);
  }
  return line;
}

/** How much a line opens brackets, of any kind, outside strings. */
function bracketDepth(line: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (inString && char === '\\') i++;
    else if (char === "'") inString = !inString;
    else if (!inString && '([{'.includes(char)) depth++;
    else if (!inString && ')]}'.includes(char)) depth--;
  }
  return depth;
}

const STRING_LITERAL = /^'((?:[^'\\$]|\\.|\$(?!\{))*)'$/;

function scalar(text: string): BicepValue {
  const literal = STRING_LITERAL.exec(text);
  if (literal) return literal[1]!.replace(/\\(.)/g, (_match, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (text === '{}') return {};
  if (text === '[]') return [];
  return new BicepExpression(text);
}

class Reader {
  private index = 0;
  private readonly lines: string[];

  constructor(text: string) {
    this.lines = text.split(/\r?\n/).map((line) => stripComment(line).trim());
  }

  next(): string | undefined {
    while (this.index < this.lines.length) {
      const line = this.lines[this.index++]!;
      if (line !== '') return line;
    }
    return undefined;
  }

  where(): string {
    return `line ${this.index}`;
  }

  /** A value that starts with `start` on the current line and may go on over the following lines. */
  value(start: string): BicepValue {
    if (start === '{') return this.object();
    if (start === '[') return this.array();
    if (bracketDepth(start) !== 0) throw new Error(`Unsupported Bicep at ${this.where()}: a value split over lines, "${start}"`);
    return scalar(start);
  }

  private object(): BicepObject {
    const object: BicepObject = {};
    for (let line = this.next(); line !== '}'; line = this.next()) {
      if (line === undefined) throw new Error('Unclosed { at the end of the template');
      const entry = /^('?)([A-Za-z_$][\w$-]*)\1\s*:\s*(.+)$/.exec(line);
      if (!entry) throw new Error(`Unsupported Bicep at ${this.where()}: expected key: value, got "${line}"`);
      object[entry[2]!] = this.value(entry[3]!);
    }
    return object;
  }

  private array(): BicepValue[] {
    const array: BicepValue[] = [];
    for (let line = this.next(); line !== ']'; line = this.next()) {
      if (line === undefined) throw new Error('Unclosed [ at the end of the template');
      array.push(this.value(line));
    }
    return array;
  }
}

/** Parses a template; throws on any statement it does not know. */
export function parseBicep(text: string): BicepTemplate {
  const template: BicepTemplate = { params: [], vars: new Map(), resources: [], outputs: [] };
  const reader = new Reader(text);
  let decorators: string[] = [];
  for (let line = reader.next(); line !== undefined; line = reader.next()) {
    if (line.startsWith('@')) {
      let decorator = line;
      while (bracketDepth(decorator) > 0) decorator += ` ${reader.next() ?? ''}`;
      decorators.push(decorator);
      continue;
    }
    const param = /^param\s+(\w+)\s+(\w+)(?:\s*=\s*(.+))?$/.exec(line);
    const variable = /^var\s+(\w+)\s*=\s*(.+)$/.exec(line);
    const resource = /^resource\s+(\w+)\s+'([^'@]+)@([^']+)'\s*=\s*\{$/.exec(line);
    const output = /^output\s+(\w+)\s+(\w+)\s*=\s*(.+)$/.exec(line);
    if (param) {
      const [, name, type, defaultValue] = param as unknown as [string, string, string, string | undefined];
      template.params.push({ name, type, decorators, ...(defaultValue === undefined ? {} : { defaultValue }) });
    } else if (variable) {
      template.vars.set(variable[1]!, reader.value(variable[2]!));
    } else if (resource) {
      template.resources.push({ symbol: resource[1]!, type: resource[2]!, apiVersion: resource[3]!, body: reader.value('{') as BicepObject });
    } else if (output) {
      template.outputs.push({ name: output[1]!, type: output[2]!, value: reader.value(output[3]!) });
    } else {
      throw new Error(`Unsupported Bicep at ${reader.where()}: "${line}"`);
    }
    decorators = [];
  }
  return template;
}

/** The one resource with this symbolic name. */
export function resourceNamed(template: BicepTemplate, symbol: string): BicepResource {
  const found = template.resources.find((resource) => resource.symbol === symbol);
  if (!found) throw new Error(`No resource ${symbol} in the template`);
  return found;
}

/** The value at a dotted path inside an object, or undefined. */
export function valueAt(object: BicepValue, path: string): BicepValue | undefined {
  let value: BicepValue | undefined = object;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof BicepExpression) return undefined;
    value = value[key];
  }
  return value;
}
