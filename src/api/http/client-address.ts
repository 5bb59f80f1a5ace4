import type { FastifyRequest } from 'fastify';

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const IPV6_WITH_PORT = /^\[([0-9a-f:.]+)\]:\d{1,5}$/i;

/**
 * The key of per-address limits. Behind trusted proxies request.ip comes from X-Forwarded-For, where App Service's
 * front end writes the client's port too ("203.0.113.7:50123"): with it, each connection would count apart.
 */
export function clientAddressKey(request: FastifyRequest): string {
  const ip = request.ip;
  const address = IPV4_WITH_PORT.exec(ip)?.[1] ?? IPV6_WITH_PORT.exec(ip)?.[1] ?? ip;
  return `ip:${address}`;
}
