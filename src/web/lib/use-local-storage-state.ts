import { useCallback, useMemo, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs write through the storage event; this tab notifies its own listeners directly.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

// Storage can be unavailable (e.g. blocked in a third-party iframe); then the state lives only in memory.
const memoryFallback = new Map<string, string>();

/** A stored string, from localStorage or, where storage is unavailable, from memory. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

/** Stores a string (in memory where storage is unavailable), and tells this tab's listeners. */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    memoryFallback.set(key, value);
  }
  for (const listener of listeners) listener();
}

/**
 * State kept in localStorage as JSON, checked on the way back (stored data may be stale or tampered with). The check
 * is a type guard rather than a zod schema: these values are simple, and the first screen loads no zod.
 */
export function useLocalStorageState<T>(key: string, isValid: (value: unknown) => value is T, fallback: T): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  }, [raw, isValid, fallback]);
  const setValue = useCallback((next: T) => writeStored(key, JSON.stringify(next)), [key]);
  return [value, setValue];
}
