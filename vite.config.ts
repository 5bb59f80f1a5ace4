import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_DEV_PORT = Number(process.env.API_DEV_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the cached libraries.
        codeSplitting: {
          groups: [
            { name: 'fullcalendar', test: /node_modules[\\/](@fullcalendar|@full-ui|temporal-polyfill)/ },
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
