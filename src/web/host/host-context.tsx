import { useQuery } from '@tanstack/react-query';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ClientConfig } from '../../shared/user.ts';
import { useClientConfig } from '../lib/get-client-config.ts';
import { detectHost, type Host } from './detect-host.ts';

interface HostFailure {
  /** 'auth' when signing in failed, so the host can say so. */
  reason: 'auth' | 'other';
  message: string;
}

/** The host the app runs in, with what the app tells it. */
export interface HostApi {
  host: Host;
  clientConfig: ClientConfig;
  /** The app has rendered: hosts hide their loading indicator. Only the first call per page counts. */
  notifyReady(): void;
  /** The app could not start. Only the first call per page counts, and none once the app is ready. */
  notifyFailure(failure: HostFailure): void;
}

type HostState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry(): void }
  | { status: 'ready'; api: HostApi };

interface HostStateValue {
  state: HostState;
  /** Teams's theme, live: default, dark or contrast. */
  teamsTheme: string;
}

export const HOST_QUERY_KEY = ['host'];

const HostStateContext = createContext<HostStateValue>({ state: { status: 'pending' }, teamsTheme: 'default' });

export const HostContext = createContext<HostApi | null>(null);

/** The host while it is being detected: for what renders before it is known, such as the theme. */
export function useHostState(): HostStateValue {
  return use(HostStateContext);
}

/** The detected host, below HostGate. */
export function useHost(): HostApi {
  const host = use(HostContext);
  if (host === null) throw new Error('useHost needs a HostGate above it');
  return host;
}

/** Tells a Microsoft 365 host how starting went: once, and nothing of a failure once the app is ready. */
function createNotifier(host: Host): Pick<HostApi, 'notifyReady' | 'notifyFailure'> {
  let ready = false;
  let failed = false;
  return {
    notifyReady: () => {
      if (ready || host.kind === 'standalone') return;
      ready = true;
      void host.sdk.app.notifySuccess();
    },
    notifyFailure: ({ reason, message }) => {
      if (ready || failed || host.kind === 'standalone') return;
      failed = true;
      const { FailedReason } = host.sdk.app;
      host.sdk.app.notifyFailure({ reason: reason === 'auth' ? FailedReason.AuthFailed : FailedReason.Other, message });
    },
  };
}

/** Loads the client config, then detects the host with the config's valid message origins. */
export function HostProvider({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  const detection = useQuery({
    queryKey: HOST_QUERY_KEY,
    queryFn: () => detectHost(config.data?.host.validMessageOrigins ?? []),
    enabled: config.isSuccess,
    staleTime: Infinity,
    retry: false,
  });
  const [pushedTheme, setPushedTheme] = useState<string | null>(null);
  const host = detection.data;

  useEffect(() => {
    if (host && host.kind !== 'standalone') host.sdk.app.registerOnThemeChangeHandler(setPushedTheme);
  }, [host]);

  const notifier = useMemo(() => (host ? createNotifier(host) : null), [host]);
  const api = useMemo<HostApi | null>(
    () => (host && notifier && config.data ? { host, clientConfig: config.data, ...notifier } : null),
    [host, notifier, config.data],
  );

  const value = useMemo<HostStateValue>(() => {
    const teamsTheme = pushedTheme ?? (host && host.kind !== 'standalone' ? host.context.app.theme : 'default');
    if (api) return { state: { status: 'ready', api }, teamsTheme };
    const failed = config.isError ? config : detection.isError ? detection : null;
    if (failed) return { state: { status: 'error', error: failed.error, retry: () => void failed.refetch() }, teamsTheme };
    return { state: { status: 'pending' }, teamsTheme };
  }, [api, config, detection, host, pushedTheme]);

  return <HostStateContext value={value}>{children}</HostStateContext>;
}
