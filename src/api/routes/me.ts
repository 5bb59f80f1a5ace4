import type { FastifyInstance } from 'fastify';
import type { Me, Role } from '../../shared/user.ts';
import { userSettingsPatchSchema } from '../../shared/user-settings-schema.ts';
import { isAdmin } from '../auth/principal.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { principalOf } from '../plugins/app/authentication.ts';

export default async function meRoutes(app: FastifyInstance) {
  const settings = app.userSettingsService;

  // Its body is always far under the compression threshold: the compression hooks would only look and pass.
  app.get('/me', { compress: false }, async (request): Promise<Me> => {
    const principal = principalOf(request);
    const roles: Role[] = ['reader'];
    const [canEdit, own] = await Promise.all([app.calendarService.canEditAny(principal), settings.get(principal)]);
    if (canEdit) roles.push('editor');
    if (isAdmin(principal)) roles.push('admin');
    return { id: principal.id, name: principal.name, tenantId: principal.tenantId, roles, settings: own };
  });

  // The settings and their version, which is also the ETag that PATCH's If-Match names ("0" while none are stored).
  app.get('/me/settings', { compress: false }, async (request, reply) => {
    const own = await settings.get(principalOf(request));
    return reply.header('etag', etagOf(own.version)).send(own);
  });

  app.patch('/me/settings', { compress: false }, async (request, reply) => {
    const principal = principalOf(request);
    const patch = parseOrThrow(userSettingsPatchSchema, request.body);
    const own = await settings.update(principal, patch, requireIfMatch(request));
    return reply.header('etag', etagOf(own.version)).send(own);
  });
}
