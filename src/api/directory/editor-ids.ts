import type { FieldError } from '../../shared/problem.ts';
import type { Config } from '../config.ts';
import { validationFailed } from '../errors.ts';

/** Entra ID's object ids (users and groups alike). Tokens carry them in lower case. */
const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The development sign-in's users and demo groups: eddie, group-engineering. */
const DEV_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An OpenID Connect subject: opaque, but visible ASCII with no spaces (names and "Name <mail>" are not). */
const OIDC_SUBJECT = /^[\x21-\x7e]+$/;

/**
 * What an editor id must look like where the users come from, so that a name typed where an id belongs is refused
 * rather than saved to grant nothing. Only the shape is checked: the people picker offers ids the directory knows.
 */
export interface EditorIdRule {
  /** The id as calendars store it (object ids in lower case, as tokens carry them), or null if it cannot be one. */
  normalise(id: string): string | null;
  /** What a refused id should have been, for the 400. */
  message: string;
}

export function editorIdRule(identity: Config['identity']): EditorIdRule {
  if (identity.mode === 'development') {
    return {
      normalise: (id) => (OBJECT_ID.test(id) ? id.toLowerCase() : DEV_ID.test(id) ? id : null),
      message: 'This is not a user or group id: pick people and groups from the directory (demo ids look like eddie or group-engineering)',
    };
  }
  if (identity.oidc) {
    // An OpenID Connect provider's subjects may look like anything but names; Entra ID's object ids are among them.
    return {
      normalise: (id) => (OBJECT_ID.test(id) ? id.toLowerCase() : OIDC_SUBJECT.test(id) ? id : null),
      message: 'This is not a user or group id: an id has no spaces (it is the sign-in’s subject or an Entra object id)',
    };
  }
  return {
    normalise: (id) => (OBJECT_ID.test(id) ? id.toLowerCase() : null),
    message: 'This is not a user or group id: pick people and groups from the directory (an Entra ID object id, a GUID)',
  };
}

/** Whether an id is an Entra object id, the only kind Microsoft Graph can look up. */
export function isObjectId(id: string): boolean {
  return OBJECT_ID.test(id);
}

/** A calendar's editors as stored, each normalised and once; a 400 naming every editor that cannot be an id. */
export function checkEditorIds(rule: EditorIdRule, editors: readonly string[]): string[] {
  const errors: FieldError[] = [];
  const normalised = editors.map((id, index) => {
    const checked = rule.normalise(id);
    if (checked === null) errors.push({ field: `editors.${index}`, message: rule.message });
    return checked ?? id;
  });
  if (errors.length > 0) throw validationFailed(errors);
  return [...new Set(normalised)];
}
