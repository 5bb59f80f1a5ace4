import type { FastifyInstance } from 'fastify';
import type { Me, Role } from '../../shared/user.ts';
import { isAdmin } from '../auth/principal.ts';
import { principalOf } from '../plugins/app/authentication.ts';

export default async function meRoutes(app: FastifyInstance) {
  // Its body is always far under the compression threshold: the compression hooks would only look and pass.
  app.get('/me', { compress: false }, async (request): Promise<Me> => {
    const principal = principalOf(request);
    const roles: Role[] = ['reader'];
    if (await app.calendarService.canEditAny(principal)) roles.push('editor');
    if (isAdmin(principal)) roles.push('admin');
    return { id: principal.id, name: principal.name, tenantId: principal.tenantId, roles };
  });
}
