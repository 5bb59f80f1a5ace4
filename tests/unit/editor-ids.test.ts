import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/api/config.ts';
import { checkEditorIds, editorIdRule } from '../../src/api/directory/editor-ids.ts';
import { HttpProblem } from '../../src/api/errors.ts';

const OBJECT_ID = '6f1c0a2e-3b4d-4c5e-8f60-718293a4b5c6';
const entra = { clientId: OBJECT_ID, tenantId: 'organizations', allowedTenants: [], jwksUri: 'https://example.test/keys' };
const oidc = { issuer: 'https://id.example.test', clientId: 'web', audience: 'api', jwksUri: 'https://id.example.test/keys', scopes: [], tenantId: 'example' };
const modes: Record<string, Config['identity']> = {
  development: { mode: 'development', allowOnNetwork: false },
  entra: { mode: 'production', entra },
  oidc: { mode: 'production', oidc },
};

describe('what an editor id must look like', () => {
  it.each([
    ['development', 'eddie', 'eddie'],
    ['development', 'group-engineering', 'group-engineering'],
    ['development', OBJECT_ID.toUpperCase(), OBJECT_ID],
    ['development', 'Eddie Editor', null],
    ['development', 'eddie@demo.example', null],
    ['development', 'Eddie', null],
    ['entra', OBJECT_ID, OBJECT_ID],
    ['entra', OBJECT_ID.toUpperCase(), OBJECT_ID],
    ['entra', `{${OBJECT_ID}}`, null],
    ['entra', 'eddie', null],
    ['entra', 'Megan Bowen', null],
    ['oidc', 'auth0|5f7c8ec7c33c6c004bbafe82', 'auth0|5f7c8ec7c33c6c004bbafe82'],
    ['oidc', OBJECT_ID.toUpperCase(), OBJECT_ID],
    ['oidc', 'Megan Bowen', null],
  ])('%s: %s becomes %s', (mode, id, expected) => {
    expect(editorIdRule(modes[mode]!).normalise(id)).toBe(expected);
  });

  it('refuses every editor that cannot be an id with a 400 naming each, and stores each id once', () => {
    const rule = editorIdRule(modes.entra!);
    expect(checkEditorIds(rule, [OBJECT_ID.toUpperCase(), OBJECT_ID])).toEqual([OBJECT_ID]);
    let refusal: unknown;
    try {
      checkEditorIds(rule, [OBJECT_ID, 'Megan Bowen', 'megan@contoso.com']);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect((refusal as HttpProblem).status).toBe(400);
    expect((refusal as HttpProblem).errors).toEqual([
      { field: 'editors.1', message: rule.message },
      { field: 'editors.2', message: rule.message },
    ]);
  });
});
