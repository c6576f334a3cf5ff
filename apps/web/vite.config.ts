import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/whitelabel': api, '/healthz': api },
  },
  // No manual chunks: Rollup splits Ant Design by route, so the login screens do not carry the table, tree and
  // chart code of the pages behind the shell.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
