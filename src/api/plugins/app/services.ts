import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCalendarService, type CalendarService } from '../../calendars/calendar-service.ts';
import { createCategoryService, type CategoryService } from '../../categories/category-service.ts';
import type { EditorIdRule } from '../../directory/editor-ids.ts';
import type { ContentRules } from '../../events/event-content.ts';
import { createEventService, type EventService } from '../../events/event-service.ts';
import { createHistoryService, type HistoryService } from '../../events/history-service.ts';
import { createSearchService, type SearchService } from '../../search/search-service.ts';
import { createUserSettingsService, type UserSettingsService } from '../../users/user-settings-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    calendarService: CalendarService;
    categoryService: CategoryService;
    eventService: EventService;
    historyService: HistoryService;
    searchService: SearchService;
    userSettingsService: UserSettingsService;
  }
}

/** The services routes call, over the store: routes parse HTTP, services check and write, the store persists. */
export default fp(
  async function servicesPlugin(app: FastifyInstance, opts: { content: ContentRules; editorIds: EditorIdRule }) {
    app.decorate('calendarService', createCalendarService(app.store, { editorIds: opts.editorIds }));
    app.decorate('categoryService', createCategoryService(app.store));
    app.decorate('eventService', createEventService(app.store, { content: opts.content }));
    app.decorate('historyService', createHistoryService(app.store));
    app.decorate('searchService', createSearchService(app.store, { log: app.log }));
    app.decorate('userSettingsService', createUserSettingsService(app.store));
  },
  { name: 'services', dependencies: ['store'] },
);
