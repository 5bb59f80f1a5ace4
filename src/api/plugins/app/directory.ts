import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createDemoDirectory } from '../../directory/demo-directory.ts';
import { unavailableDirectory } from '../../directory/directory.ts';
import { createDirectoryService, type DirectoryService } from '../../directory/directory-service.ts';
import type { EditorIdRule } from '../../directory/editor-ids.ts';
import { createGraphDirectory } from '../../directory/graph-directory.ts';

declare module 'fastify' {
  interface FastifyInstance {
    directoryService: DirectoryService;
  }
}

/**
 * The people picker's directory: the demo organisation with development sign-in, Microsoft Graph on behalf of the
 * caller when Graph is configured, else none (searches answer 501 and ids are typed).
 */
export default fp(
  async function directoryPlugin(app: FastifyInstance, opts: { identity: Config['identity']; editorIds: EditorIdRule }) {
    const directory = opts.identity.mode === 'development' ? createDemoDirectory() : app.graph ? createGraphDirectory(app.graph) : unavailableDirectory();
    app.decorate('directoryService', createDirectoryService({ directory, calendars: app.calendarService, editorIds: opts.editorIds }));
  },
  { name: 'directory', dependencies: ['services', 'graph'] },
);
