import type { FastifyInstance } from 'fastify';
import { searchQuerySchema, type SearchPage } from '../../shared/search-schema.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** GET /api/search: a page of the caller's tenant's events that hold the query's words (search-service.ts). */
export default async function searchRoutes(app: FastifyInstance) {
  app.get('/search', async (request): Promise<SearchPage> => {
    const query = parseOrThrow(searchQuerySchema, request.query, 'query');
    return app.searchService.search(principalOf(request), query);
  });
}
