/** The caller, as established from a verified token. */
export interface Principal {
  /** The user's object id (Entra `oid`, or `sub` elsewhere). With tenantId it identifies the user. */
  id: string;
  name: string;
  tenantId: string;
  /** App roles from the token's `roles` claim, e.g. Calendar.Admin. */
  appRoles: string[];
  /** Group ids from the token's `groups` claim (or, for an overage token, from Microsoft Graph). */
  groups: string[];
  /** The token names a source for the groups instead of listing them (over 200 groups): see group-overage.ts. */
  groupsOverage?: true;
}

export const ADMIN_APP_ROLE = 'Calendar.Admin';

export function isAdmin(principal: Principal): boolean {
  return principal.appRoles.includes(ADMIN_APP_ROLE);
}

/** Editors may change a calendar's events when it lists them by user id or by one of their groups; admins always may. */
export function canEditCalendar(principal: Principal, calendar: { editors: readonly string[] }): boolean {
  return (
    isAdmin(principal) ||
    calendar.editors.includes(principal.id) ||
    principal.groups.some((group) => calendar.editors.includes(group))
  );
}
