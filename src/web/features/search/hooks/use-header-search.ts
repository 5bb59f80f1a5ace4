import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { readSearchLocation, searchWords, withSearchLocation, type SearchLocation } from '../lib/search-location.ts';
import type { SuggestionSource } from './use-suggestion-list.ts';

/** How a change of the search shown goes into the address: a history entry of its own, or in place. */
type AddressChange = 'push' | 'replace';

/**
 * Puts the search shown into the address. Each search, and each closing of one, is a history entry, so that Back
 * returns to the page before it; a change within one (past events or not) is made in place.
 */
function showInAddress(location: SearchLocation | null, change: AddressChange): void {
  const url = new URL(window.location.href);
  const search = withSearchLocation(url.search, location);
  if (search === url.search) return;
  url.search = search;
  if (change === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
}

/** A ref callback that keeps the element and, when asked beforehand, focuses it as it mounts. */
function useFocusOnMount<T extends HTMLElement>(): { ref: (element: T | null) => void; element: RefObject<T | null>; focusWhenMounted(): void } {
  const element = useRef<T | null>(null);
  const pending = useRef(false);
  const ref = useCallback((mounted: T | null) => {
    element.current = mounted;
    if (mounted && pending.current) {
      pending.current = false;
      mounted.focus();
    }
  }, []);
  const focusWhenMounted = useCallback(() => {
    pending.current = true;
  }, []);
  return useMemo(() => ({ ref, element, focusWhenMounted }), [ref, focusWhenMounted]);
}

/** The search the address holds, followed through Back and Forward. */
function useShownSearch() {
  const [shown, setShown] = useState(() => readSearchLocation(window.location.search));
  const [text, setText] = useState(() => shown?.query ?? '');
  useEffect(() => {
    const retrace = () => {
      const location = readSearchLocation(window.location.search);
      setShown(location);
      if (location) setText(location.query);
    };
    window.addEventListener('popstate', retrace);
    return () => window.removeEventListener('popstate', retrace);
  }, []);
  const show = useCallback((location: SearchLocation | null, change: AddressChange = 'push') => {
    setShown(location);
    showInAddress(location, change);
  }, []);
  return { shown, show, text, setText };
}

/**
 * The header's search: the words typed, the search whose results show (in the address, `?q=`), and focus moving
 * between the box, the results and, on phones, the button that opens the box.
 */
export function useHeaderSearch(phone: boolean, suggestFrom: SuggestionSource) {
  const { shown, show, text, setText } = useShownSearch();
  const [phoneBoxOpen, setPhoneBoxOpen] = useState(false);
  const input = useFocusOnMount<HTMLInputElement>();
  const openButton = useFocusOnMount<HTMLButtonElement>();
  const results = useRef<HTMLDivElement | null>(null);
  const setResults = useCallback((list: HTMLDivElement | null) => {
    results.current = list;
  }, []);
  const focusBox = useCallback(() => {
    input.element.current?.focus();
    input.element.current?.select();
  }, [input.element]);
  const openBox = useCallback(() => {
    if (phone && !phoneBoxOpen) {
      input.focusWhenMounted();
      setPhoneBoxOpen(true);
    } else focusBox();
  }, [phone, phoneBoxOpen, input, focusBox]);
  const closeBox = useCallback(() => {
    setText('');
    show(null);
    openButton.focusWhenMounted();
    setPhoneBoxOpen(false);
  }, [setText, show, openButton]);
  return {
    text,
    shown,
    /** Where the box's suggestions come from, and what choosing one does. */
    suggestFrom,
    /** On phones the box opens from a button in the header, in place of the header's other parts; results keep it open. */
    phoneBoxOpen: phone && (phoneBoxOpen || shown !== null),
    /** Ref callbacks: the box's input, and on phones the button that opens it. */
    inputElement: input.ref,
    openButtonElement: openButton.ref,
    /** A ref callback for the results' list, for the box's ↓ to move into. */
    resultsList: setResults,
    openBox,
    closeBox,
    focusBox,
    ...useSearchActions({ text, setText, shown, show, phone, focusBox, closeBox, results }),
  };
}

interface SearchActionParts {
  text: string;
  setText(text: string): void;
  shown: SearchLocation | null;
  show(location: SearchLocation | null, change?: AddressChange): void;
  phone: boolean;
  focusBox(): void;
  closeBox(): void;
  results: RefObject<HTMLDivElement | null>;
}

/** What the box's keys and the results' controls do. */
function useSearchActions({ text, setText, shown, show, phone, focusBox, closeBox, results }: SearchActionParts) {
  return useMemo(
    () => ({
      /** The box's text changed; cleared, the results close. */
      changeText(value: string) {
        setText(value);
        if (!value) show(null);
      },
      /** Enter: the words typed are searched (none: the results close). */
      submit() {
        const query = searchWords(text);
        show(query ? { query, past: shown?.past ?? false } : null);
      },
      /** Esc in the box: the words and results go; with none, a phone's box closes. */
      escape() {
        if (text || shown) {
          setText('');
          show(null);
        } else if (phone) closeBox();
      },
      /** ↓ in the box: into the results, at the one last chosen. */
      enterResults() {
        results.current?.querySelector<HTMLElement>('[role=option][tabindex="0"]')?.focus();
      },
      /** The results close (Esc or their Close button): focus goes back to the box. */
      closeResults() {
        show(null);
        focusBox();
      },
      setPast(past: boolean) {
        if (shown) show({ ...shown, past }, 'replace');
      },
    }),
    [text, setText, shown, show, phone, focusBox, closeBox, results],
  );
}

export type HeaderSearch = ReturnType<typeof useHeaderSearch>;
