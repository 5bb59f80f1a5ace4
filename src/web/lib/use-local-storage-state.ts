import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { z } from 'zod';

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

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    memoryFallback.set(key, value);
  }
  for (const listener of listeners) listener();
}

/** State kept in localStorage as JSON, checked with a schema on the way back (stored data may be stale or tampered with). */
export function useLocalStorageState<T>(key: string, schema: z.ZodType<T>, fallback: T): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const value = useMemo(() => {
    if (raw === null) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }, [raw, schema, fallback]);
  const setValue = useCallback((next: T) => write(key, JSON.stringify(next)), [key]);
  return [value, setValue];
}
