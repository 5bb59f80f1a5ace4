import type { FastifyInstance } from 'fastify';
import type { Me, Role } from '../../shared/user.ts';
import { isAdmin } from '../auth/principal.ts';
import { principalOf } from '../plugins/app/authentication.ts';

export default async function meRoutes(app: FastifyInstance) {
  app.get('/me', async (request): Promise<Me> => {
    const principal = principalOf(request);
    const calendars = await app.calendarService.list(principal);
    const roles: Role[] = ['reader'];
    if (calendars.some((calendar) => calendar.canEdit)) roles.push('editor');
    if (isAdmin(principal)) roles.push('admin');
    return { id: principal.id, name: principal.name, tenantId: principal.tenantId, roles };
  });
}
