/** A host as a Host header or PUBLIC_HOSTS names it: lowercased, the port null when none is given. */
export interface HostAndPort {
  name: string;
  port: number | null;
}

// A DNS name or IPv4 address (dot-separated labels), or a bracketed IPv6 address; then an optional port.
const HOST = /^(?<name>\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*)(?::(?<port>\d{1,5}))?$/;
const PORT_MAX = 65_535;

/** Parses `name[:port]`; null when it is anything else (a URL, a path, user info, an empty value). */
export function parseHost(value: string): HostAndPort | null {
  const match = HOST.exec(value.toLowerCase());
  if (!match?.groups) return null;
  const port = match.groups.port === undefined ? null : Number(match.groups.port);
  if (port !== null && (port < 1 || port > PORT_MAX)) return null;
  return { name: match.groups.name as string, port };
}

/** Whether a list of `name` (any port) and `name:port` entries names this host. */
export function isListedHost(host: HostAndPort, list: readonly string[]): boolean {
  return list.includes(host.name) || list.includes(formatHost(host));
}

/** `name`, or `name:port` when a port is given. */
export function formatHost(host: HostAndPort): string {
  return host.port === null ? host.name : `${host.name}:${host.port}`;
}
