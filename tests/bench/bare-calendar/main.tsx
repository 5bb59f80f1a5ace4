// The bench's bare FullCalendar page: React, core, day grid and the app's theme, with the app's events inline.
import FullCalendar, { type CalendarOptions, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import formaTheme from '@fullcalendar/react/themes/forma';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import { createRoot } from 'react-dom/client';

/** The app's mark (FIRST_EVENTS_MARK in calendar-view.tsx), so both pages are measured by the same clock and code. */
const FIRST_EVENTS_MARK = 'company-calendar:first-events';
const PLUGINS = [dayGridPlugin, formaTheme];
// The app's toolbar (its other views need plugins this page leaves out): "Next month" works the same on both pages.
const HEADER_TOOLBAR = { start: 'today prev,next', center: 'title', end: 'dayGridMonth' };

// The server puts the events into the page (the bench's EVENTS_ELEMENT_ID): no request stands between load and render.
const events = JSON.parse(document.getElementById('bench-events')?.textContent ?? '[]') as EventInput[];

const markFirstEvent: NonNullable<CalendarOptions['eventDidMount']> = () => {
  if (performance.getEntriesByName(FIRST_EVENTS_MARK).length === 0) performance.mark(FIRST_EVENTS_MARK);
};

// The app's month view shows as many events a day as fit, then "+N more" (dayMaxEvents): so does this page, like for like.
createRoot(document.getElementById('root')!).render(
  <FullCalendar plugins={PLUGINS} initialView="dayGridMonth" height="100vh" headerToolbar={HEADER_TOOLBAR} dayMaxEvents events={events} eventDidMount={markFirstEvent} />,
);
