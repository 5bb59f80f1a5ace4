import { useMemo, useState } from 'react';
import { SEARCH_SUGGEST_DEBOUNCE_MS, SEARCH_SUGGEST_MIN_CHARS } from '../../../../shared/limits.ts';
import type { SearchHit } from '../../../../shared/search-schema.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { searchFrom } from '../lib/search-from.ts';
import { searchWords } from '../lib/search-location.ts';
import { useSearchSuggestions } from '../requests/search-suggestions.ts';

/** Where suggestions are looked for, and what opening one does. */
export interface SuggestionSource {
  /** The calendars the side panel shows. */
  calendarIds: readonly string[];
  /** A suggestion chosen: its details open, the calendar at its day. */
  openHit(hit: SearchHit): void;
}

interface SuggestionListOptions {
  text: string;
  past: boolean;
  source: SuggestionSource;
}

/**
 * The suggestions under the search box: the first few events matching the words typed, asked for once typing pauses,
 * shown from SEARCH_SUGGEST_MIN_CHARS characters until Enter, Esc, a choice or the box losing focus; ↑ ↓ choose one
 * (the box keeps focus: it names the one chosen as its active descendant).
 */
export function useSuggestionList({ text, past, source }: SuggestionListOptions) {
  const { timeZone } = useRegionalSettings();
  // Opened by typing; closed by anything that ends it.
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const words = searchWords(text);
  // Closed, nothing is settled: words already in the box (a search in the address) are not asked for as typing starts.
  const settled = useDebouncedValue(open ? words : '', SEARCH_SUGGEST_DEBOUNCE_MS);
  const from = searchFrom(past, timeZone, new Date());
  const { calendarIds } = source;
  const request = useMemo(
    () => (open && settled.length >= SEARCH_SUGGEST_MIN_CHARS ? { query: settled, calendarIds, from } : null),
    [open, settled, calendarIds, from],
  );
  const query = useSearchSuggestions(request);
  const hits = open && words.length >= SEARCH_SUGGEST_MIN_CHARS ? (query.data?.hits ?? []) : [];
  const active = hits.findIndex((hit) => hit.id === activeId);
  const close = () => {
    setOpen(false);
    setActiveId(null);
  };
  const move = (step: 1 | -1) => {
    // From none, ↓ goes to the first and ↑ to the last; past either end, back to none (the words typed).
    const next = active === -1 ? (step === 1 ? 0 : hits.length - 1) : active + step;
    setActiveId(hits[next]?.id ?? null);
  };
  return {
    hits,
    /** The index of the suggestion chosen with ↑ ↓, or -1. */
    active,
    /** The words typed changed: suggestions (re)open. */
    typed: () => {
      setOpen(true);
      setActiveId(null);
    },
    close,
    /** Keys in the box while suggestions show; true when the key was theirs. */
    onKey(key: string): boolean {
      if (hits.length === 0) return false;
      if (key === 'ArrowDown' || key === 'ArrowUp') move(key === 'ArrowDown' ? 1 : -1);
      else if (key === 'Escape') close();
      else if (key === 'Enter' && active !== -1) {
        close();
        source.openHit(hits[active]!);
      } else return false;
      return true;
    },
    choose(hit: SearchHit) {
      close();
      source.openHit(hit);
    },
  };
}

export type SuggestionList = ReturnType<typeof useSuggestionList>;
