/**
 * The web app's own pages: the calendar, its help, the pages the manifests link to, and the Teams tab's configuration,
 * removal and consent pages. The server answers any other page path with a 404 (the app's page, which says so).
 */
export const CLIENT_ROUTES: readonly string[] = ['/', '/help', '/privacy', '/terms', '/config', '/remove', '/auth-start'];

/** Whether a path (without its query) is one of the app's pages; a trailing slash is the same page. */
export function isClientRoute(path: string): boolean {
  const page = path.replace(/\/+$/, '') || '/';
  return CLIENT_ROUTES.includes(page);
}
