import type { FastifyInstance } from 'fastify';
import { categoryCreateSchema, categoryPatchSchema } from '../../shared/category-schema.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, categoryParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** HTTP in and out for a calendar's categories: the category service checks and writes. */
export default async function categoryRoutes(app: FastifyInstance) {
  const categories = app.categoryService;

  app.get('/calendars/:calendarId/categories', async (request) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    return categories.list(principalOf(request), calendarId);
  });

  app.get('/calendars/:calendarId/categories/:categoryId', async (request, reply) => {
    const category = await categories.get(principalOf(request), parseOrThrow(categoryParamsSchema, request.params));
    return reply.header('etag', etagOf(category.version)).send(category);
  });

  app.get('/calendars/:calendarId/categories/:categoryId/usage', async (request) =>
    categories.usage(principalOf(request), parseOrThrow(categoryParamsSchema, request.params)),
  );

  app.post('/calendars/:calendarId/categories', async (request, reply) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const category = await categories.create(principalOf(request), calendarId, parseOrThrow(categoryCreateSchema, request.body));
    return reply
      .code(201)
      .header('location', `/api/calendars/${calendarId}/categories/${category.id}`)
      .header('etag', etagOf(category.version))
      .send(category);
  });

  app.patch('/calendars/:calendarId/categories/:categoryId', async (request, reply) => {
    const at = parseOrThrow(categoryParamsSchema, request.params);
    const patch = parseOrThrow(categoryPatchSchema, request.body);
    const category = await categories.update(principalOf(request), { ...at, patch, expected: requireIfMatch(request) });
    return reply.header('etag', etagOf(category.version)).send(category);
  });

  // 200 with how many events lost the category, for the confirmation the client shows.
  app.delete('/calendars/:calendarId/categories/:categoryId', async (request) => {
    const at = parseOrThrow(categoryParamsSchema, request.params);
    return categories.delete(principalOf(request), { ...at, expected: requireIfMatch(request) });
  });
}
