import { z } from 'zod';
import { calendarColorSchema } from './calendar-schema.ts';
import { isCategoryIcon, type CategoryIcon } from './category-icons.ts';
import { CATEGORY_NAME_MAX } from './limits.ts';

// Accepted so that a category read from the API can be written back; the server ignores them.
const serverManaged = z.unknown().optional();
const serverManagedFields = { id: serverManaged, calendarId: serverManaged, createdAt: serverManaged, updatedAt: serverManaged, version: serverManaged };

const writableFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name')
    .max(CATEGORY_NAME_MAX, `A category name has at most ${CATEGORY_NAME_MAX} characters`),
  color: calendarColorSchema,
  icon: z.string().refine(isCategoryIcon, 'Choose one of the listed icons (a Fluent UI icon name such as Megaphone or PeopleTeam)'),
};

export const categoryCreateSchema = z.strictObject({ ...serverManagedFields, ...writableFields }).transform(({ name, color, icon }) => ({
  name,
  color,
  icon: icon as CategoryIcon,
}));

export const categoryPatchSchema = z
  .strictObject({
    ...serverManagedFields,
    name: writableFields.name.optional(),
    color: writableFields.color.optional(),
    icon: writableFields.icon.optional(),
  })
  .transform(({ name, color, icon }) => ({ name, color, icon: icon as CategoryIcon | undefined }));

export type CategoryInput = z.output<typeof categoryCreateSchema>;
export type CategoryPatch = z.output<typeof categoryPatchSchema>;

/** A calendar's category, as the API returns it. Events name it in `extendedProps.categoryId`. */
export interface Category {
  id: string;
  calendarId: string;
  name: string;
  color: string;
  icon: CategoryIcon;
  createdAt: string;
  updatedAt: string;
  version: number;
}
