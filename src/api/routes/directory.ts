import type { FastifyInstance, FastifyRequest } from 'fastify';
import { directoryResolveBodySchema, directorySearchQuerySchema, type DirectoryResolveResult, type DirectorySearchResult } from '../../shared/directory-schema.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { bearerTokenOf, principalOf } from '../plugins/app/authentication.ts';
import { graphUserOf } from '../plugins/app/graph.ts';

/** GET /api/directory/search and POST /api/directory/resolve: the people picker's (directory-service.ts). */
export default async function directoryRoutes(app: FastifyInstance) {
  // Graph is asked on behalf of Entra ID users only: graphUserOf refuses other sign-ins with a clear 403.
  const assertionOf = (request: FastifyRequest) => (app.graph ? graphUserOf(request).assertion : bearerTokenOf(request));

  app.get('/directory/search', async (request): Promise<DirectorySearchResult> => {
    const query = parseOrThrow(directorySearchQuerySchema, request.query, 'query');
    return app.directoryService.search(principalOf(request), assertionOf(request), query);
  });

  // A POST, as a calendar's editors (up to 200 ids) would make a long address.
  app.post('/directory/resolve', async (request): Promise<DirectoryResolveResult> => {
    const { ids } = parseOrThrow(directoryResolveBodySchema, request.body);
    return app.directoryService.resolve(principalOf(request), assertionOf(request), ids);
  });
}
