import { categoryNamed } from '../../shared/category-match.ts';
import type { EventDraft, OccurrenceOverrides } from '../../shared/event-schema.ts';
import { EVENT_DESCRIPTION_MAX, EVENT_DESCRIPTION_NESTING_MAX } from '../../shared/limits.ts';
import { normaliseVideoUrl } from '../../shared/video-url.ts';
import { descriptionText } from '../../shared/rich-text.ts';
import { sanitiseRichText } from '../content/sanitise-html.ts';
import { validationFailed } from '../errors.ts';
import type { Store } from '../stores/repository.ts';

export interface ContentRules {
  /** The SharePoint sites whose Stream videos may be embedded. */
  sharePointOrigins: readonly string[];
}

/** Where a write puts the event, and where it was. */
export interface ContentPlace {
  tenantId: string;
  calendarId: string;
  /** The calendar the event was in before a move; the same as calendarId otherwise. */
  fromCalendarId: string;
  /** The category the event carried before this write ('' for a new event). */
  previousCategoryId: string;
}

/** Sanitised, its nesting and visible text within the limits; field names the description's place in the write for the 400. */
function cleanDescription(html: string, field: string): string {
  const clean = sanitiseRichText(html);
  if (clean === null) {
    throw validationFailed([{ field, message: `A description's formatting nests at most ${EVENT_DESCRIPTION_NESTING_MAX} levels deep (lists within lists, styles within styles)` }]);
  }
  // Counted as the form counts it, so that the server refuses nothing the form allowed.
  if (descriptionText(clean).length > EVENT_DESCRIPTION_MAX) {
    throw validationFailed([{ field, message: `A description has at most ${EVENT_DESCRIPTION_MAX} characters of text` }]);
  }
  return clean;
}

function cleanOverrides(overrides: OccurrenceOverrides): OccurrenceOverrides {
  const entries = Object.entries(overrides).map(([id, override]) => [
    id,
    override.description === undefined ? override : { ...override, description: cleanDescription(override.description, 'extendedProps.description') },
  ]);
  return Object.fromEntries(entries) as OccurrenceOverrides;
}

function canonicalVideo(video: string, rules: ContentRules): string {
  if (video === '') return '';
  const link = normaliseVideoUrl(video, rules.sharePointOrigins);
  if (!link.ok) throw validationFailed([{ field: 'extendedProps.video', message: link.message }]);
  return link.url;
}

/**
 * The category the event keeps in its calendar: one of that calendar's. Moved to another calendar, it takes the
 * category of the same name there (letter case aside), or none. A category deleted since the event was read is
 * cleared rather than refused, when the write did not choose it anew.
 */
async function categoryIn(store: Store, place: ContentPlace, categoryId: string): Promise<string> {
  if (categoryId === '') return '';
  const { tenantId, calendarId, fromCalendarId } = place;
  if (await store.categories.get({ tenantId, calendarId, categoryId })) return categoryId;
  const moved = calendarId !== fromCalendarId ? await store.categories.get({ tenantId, calendarId: fromCalendarId, categoryId }) : null;
  if (moved) return categoryNamed(await store.categories.listByCalendar({ tenantId, calendarId }), moved.name)?.id ?? '';
  if (categoryId === place.previousCategoryId) return '';
  throw validationFailed([{ field: 'extendedProps.categoryId', message: 'Choose one of the categories of the event’s calendar' }]);
}

/**
 * A draft's rich content made what the stores keep, on every write of an event: the description (and each changed
 * occurrence's) sanitised to the allow-list, the video link as its canonical embed URL, the category one of the
 * calendar's. Throws a 400 naming the field at fault.
 */
export async function checkContent(store: Store, place: ContentPlace, draft: EventDraft, rules: ContentRules): Promise<EventDraft> {
  return {
    ...draft,
    description: cleanDescription(draft.description, 'extendedProps.description'),
    overrides: cleanOverrides(draft.overrides),
    video: canonicalVideo(draft.video, rules),
    categoryId: await categoryIn(store, place, draft.categoryId),
  };
}
