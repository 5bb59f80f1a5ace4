import { useCallback } from 'react';
import { useAuth } from '../../../auth/auth-context.ts';
import { useAddressList } from '../../../lib/address-list.ts';

/** The calendars hidden from view, in the address (`?hide=id1,id2`) beside the category filter. */
export const HIDDEN_CALENDARS_PARAM = 'hide';
// One empty list, so that "none hidden" keeps its identity from render to render.
const NONE: readonly string[] = [];

/**
 * Which calendars the signed-in user has hidden: in the address, so a reload or a shared link shows the same
 * calendars, and remembered on the device for a visit whose address names none.
 */
export function useHiddenCalendars(): { hidden: readonly string[]; setVisible: (calendarId: string, visible: boolean) => void } {
  const { me } = useAuth();
  const { chosen, choose } = useAddressList(HIDDEN_CALENDARS_PARAM, `company-calendar:hidden-calendars:${me.tenantId}:${me.id}`);
  const hidden = chosen ?? NONE;
  const setVisible = useCallback(
    (calendarId: string, visible: boolean) => {
      const others = (chosen ?? []).filter((id) => id !== calendarId);
      choose(visible ? others : [...others, calendarId]);
    },
    [chosen, choose],
  );
  return { hidden, setVisible };
}
