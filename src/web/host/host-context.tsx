import { useQuery } from '@tanstack/react-query';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ClientConfig } from '../../shared/user.ts';
import { useClientConfig } from '../lib/use-client-config.ts';
import { detectHost, unframedHost, type Host } from './detect-host.ts';

/** A dead end: nothing in the app lets the user go on. */
interface HostFailure {
  /** 'auth' when signing in failed, so the host can say so. */
  reason: 'auth' | 'other';
  message: string;
}

/** A problem the app shows with its own way forward (a retry, a consent button). */
interface HostExpectedFailure {
  /** 'permission' when the user (or an admin) has yet to allow something. */
  reason: 'permission' | 'other';
  message: string;
}

/**
 * The host the app runs in, with what the app tells it about starting. Only the first of notifyReady,
 * notifyExpectedFailure and notifyFailure per page counts: hosts take one outcome of app initialization.
 */
export interface HostApi {
  host: Host;
  clientConfig: ClientConfig;
  /** The app has rendered: hosts hide their loading indicator. */
  notifyReady(): void;
  /**
   * The app started but shows an error with a way forward. Teams hides its loading indicator and keeps the app
   * visible, as for notifyReady (teams-js app.notifyExpectedFailure), so the app's own buttons stay usable.
   */
  notifyExpectedFailure(failure: HostExpectedFailure): void;
  /**
   * The app cannot start and offers nothing to do: Teams replaces the app with its own error page
   * (app.notifyFailure). Never call it while showing a retry or any other button.
   */
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

/** Tells a Microsoft 365 host how starting went: once, as hosts take a single outcome (never both success and failure). */
function createNotifier(host: Host): Pick<HostApi, 'notifyReady' | 'notifyExpectedFailure' | 'notifyFailure'> {
  if (host.kind === 'standalone') return { notifyReady: () => undefined, notifyExpectedFailure: () => undefined, notifyFailure: () => undefined };
  const { app } = host.sdk;
  let reported = false;
  // Whether this call is the page's one report to the host.
  const first = () => {
    if (reported) return false;
    reported = true;
    return true;
  };
  return {
    notifyReady: () => {
      if (first()) void app.notifySuccess();
    },
    notifyExpectedFailure: ({ reason, message }) => {
      if (!first()) return;
      app.notifyExpectedFailure({ reason: reason === 'permission' ? app.ExpectedFailureReason.PermissionError : app.ExpectedFailureReason.Other, message });
    },
    notifyFailure: ({ reason, message }) => {
      if (first()) app.notifyFailure({ reason: reason === 'auth' ? app.FailedReason.AuthFailed : app.FailedReason.Other, message });
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
    // Outside a frame the first render has it, rather than a render later.
    initialData: unframedHost,
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
