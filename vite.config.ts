import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';

const API_DEV_PORT = Number(process.env.API_DEV_PORT ?? 3001);

const page = (name: string) => fileURLToPath(new URL(`./src/web/${name}.html`, import.meta.url));

// MSAL's redirect page is its own entry; the server answers /auth-end with it, and so do Vite's dev and preview servers.
const serveAuthEnd: Connect.NextHandleFunction = (request, _response, next) => {
  if (request.url?.split(/[?#]/)[0] === '/auth-end') request.url = request.url.replace('/auth-end', '/auth-end.html');
  next();
};
const authEndRoute: Plugin = {
  name: 'auth-end-route',
  configureServer: (server) => void server.middlewares.use(serveAuthEnd),
  configurePreviewServer: (server) => void server.middlewares.use(serveAuthEnd),
};

export default defineConfig({
  root: 'src/web',
  plugins: [react(), authEndRoute],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { main: page('index'), 'auth-end': page('auth-end') },
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the cached libraries.
        codeSplitting: {
          groups: [
            { name: 'fullcalendar', test: /node_modules[\\/](?!@fullcalendar[\\/]react[\\/]locales)(@fullcalendar|@full-ui|temporal-polyfill)/ },
            { name: 'fluent', test: /node_modules[\\/](@fluentui|@griffel|tabster|@floating-ui)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${API_DEV_PORT}` },
  },
});
