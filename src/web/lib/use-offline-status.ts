import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentOfflineStatus, subscribeOfflineStatus, type OfflineStatus } from './offline-status.ts';

// Apart from offline-status.ts, which the first requests need before React has loaded (boot.ts).

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribeOfflineStatus, currentOfflineStatus);
}

/** Calls `onReconnect` each time the API answers again after being offline. */
export function useOnReconnect(onReconnect: () => void): void {
  const { offline } = useOfflineStatus();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) onReconnect();
    wasOffline.current = offline;
  }, [offline, onReconnect]);
}
