import { z } from 'zod';
import type { Category } from './category-schema.ts';
import { CALENDAR_DESCRIPTION_MAX, CALENDAR_EDITORS_MAX, CALENDAR_NAME_MAX, PRINCIPAL_ID_MAX } from './limits.ts';

export const calendarColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour in the form #RRGGBB');

/** A user's or group's id as calendars store it; what shape an id must have depends on the identity provider (the API checks). */
export const principalIdSchema = z
  .string()
  .trim()
  .min(1, 'An editor id cannot be empty')
  .max(PRINCIPAL_ID_MAX, `An editor id has at most ${PRINCIPAL_ID_MAX} characters`);

// Accepted so that a calendar read from the API can be written back; the server ignores them.
const serverManaged = z.unknown().optional();
const serverManagedFields = {
  id: serverManaged,
  tenantId: serverManaged,
  createdAt: serverManaged,
  updatedAt: serverManaged,
  version: serverManaged,
  canEdit: serverManaged,
  categories: serverManaged,
};

const writableFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name')
    .max(CALENDAR_NAME_MAX, `A name has at most ${CALENDAR_NAME_MAX} characters`),
  color: calendarColorSchema,
  description: z
    .string()
    .max(CALENDAR_DESCRIPTION_MAX, `A description has at most ${CALENDAR_DESCRIPTION_MAX} characters`),
  editors: z
    .array(principalIdSchema)
    .max(CALENDAR_EDITORS_MAX, `A calendar has at most ${CALENDAR_EDITORS_MAX} editors`),
};

export const calendarCreateSchema = z
  .strictObject({
    ...serverManagedFields,
    name: writableFields.name,
    color: writableFields.color,
    description: writableFields.description.default(''),
    editors: writableFields.editors.default([]),
  })
  .transform(({ name, color, description, editors }) => ({ name, color, description, editors: [...new Set(editors)] }));

export const calendarPatchSchema = z
  .strictObject({
    ...serverManagedFields,
    name: writableFields.name.optional(),
    color: writableFields.color.optional(),
    description: writableFields.description.optional(),
    editors: writableFields.editors.optional(),
  })
  .transform(({ name, color, description, editors }) => ({
    name,
    color,
    description,
    editors: editors && [...new Set(editors)],
  }));

export type CalendarInput = z.output<typeof calendarCreateSchema>;
export type CalendarPatch = z.output<typeof calendarPatchSchema>;

export interface Calendar {
  id: string;
  tenantId: string;
  name: string;
  color: string;
  description: string;
  /** User ids and group ids that may edit this calendar's events. */
  editors: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Whether the caller may create, edit and delete this calendar's events. Computed per request. */
  canEdit: boolean;
  /** The calendar's categories, by name; managed at /api/calendars/{id}/categories. */
  categories: Category[];
}
