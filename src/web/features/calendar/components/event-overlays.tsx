import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, type RefObject } from 'react';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import { useEventHoverCard } from '../hooks/use-event-hover-card.ts';
import { useJoinSoon } from '../hooks/use-join-soon.ts';
import { useTitleHints } from '../hooks/use-title-hints.ts';
import type { EventHoverCardProps } from './event-hover-card.tsx';

// The card (and Fluent's Popover with it) loads when an event is first pointed at or focused, not with the first
// screen: the first pointer rest takes longer than the fetch.
const EventHoverCard = lazyComponent<EventHoverCardProps>(() => import('./event-hover-card.tsx').then((module) => module.EventHoverCard));

/**
 * What the calendar adds over its events: a truncated title's tooltip, the card of the event pointed at or focused,
 * and the "Join" marks' clicks and clock. Given the calendar's element once it is drawn.
 */
export function EventOverlays({ rootRef, calendarRef }: { rootRef: RefObject<HTMLElement | null>; calendarRef: RefObject<CalendarRef | null> }) {
  useTitleHints(rootRef);
  useJoinSoon(rootRef);
  const lookup = useCallback((eventId: string) => calendarRef.current?.getApi().getEventById(eventId) ?? null, [calendarRef]);
  const card = useEventHoverCard(rootRef, lookup);
  useEffect(() => {
    const root = rootRef.current;
    const preload = () => void EventHoverCard.preload();
    root?.addEventListener('pointerover', preload, { once: true });
    root?.addEventListener('focusin', preload, { once: true });
    return () => {
      root?.removeEventListener('pointerover', preload);
      root?.removeEventListener('focusin', preload);
    };
  }, [rootRef]);
  if (!card.target) return null;
  return <EventHoverCard target={card.target} onKeep={card.keep} onLeave={card.hide} onDismiss={card.dismiss} />;
}
