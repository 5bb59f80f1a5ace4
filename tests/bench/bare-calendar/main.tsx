// The bench's bare FullCalendar page: React, FullCalendar with the app's plugins and theme, the app's events inline.
import FullCalendar, { type CalendarOptions, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import { createRoot } from 'react-dom/client';

/** The app's mark and element timing (first-load.ts), so both pages are measured by the same clock and code. */
const FIRST_EVENTS_MARK = 'company-calendar:first-events';
const FIRST_EVENT_ELEMENT_TIMING = 'company-calendar:first-event';
// The app's plugins (calendar-view.tsx), as the issue asks: the same code to load, start and draw with.
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, formaTheme];
// The app's toolbar: "Next month" works the same on both pages.
const HEADER_TOOLBAR = { start: 'today prev,next', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };

// The server puts the events into the page (the bench's EVENTS_ELEMENT_ID): no request stands between load and render.
const events = JSON.parse(document.getElementById('bench-events')?.textContent ?? '[]') as EventInput[];

const markFirstEvent: NonNullable<CalendarOptions['eventDidMount']> = ({ el }) => {
  if (performance.getEntriesByName(FIRST_EVENTS_MARK).length > 0) return;
  performance.mark(FIRST_EVENTS_MARK);
  for (const part of [el, ...el.querySelectorAll('*')]) part.setAttribute('elementtiming', FIRST_EVENT_ELEMENT_TIMING);
};

// The app's month view shows as many events a day as fit, then "+N more" (dayMaxEvents): so does this page, like for like.
// The app's class on the calendar (CALENDAR_CLASS) styles nothing here: the bench finds each page's own toolbar by it.
createRoot(document.getElementById('root')!).render(
  <FullCalendar className="cc-calendar" plugins={PLUGINS} initialView="dayGridMonth" height="100vh" headerToolbar={HEADER_TOOLBAR} dayMaxEvents events={events} eventDidMount={markFirstEvent} />,
);
