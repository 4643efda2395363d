import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The owner app: index.html (served by the server at /config and /config/*, with the owner's boot data) and
// its hashed scripts and styles under /assets/owner-app/assets/. Each screen is its own chunk (React.lazy);
// what every screen needs (React, TanStack Query, the shell) is the entry. public/ holds the server-rendered
// owner pages' stylesheet (sign-in, set-up, passwords), copied as it is.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  base: '/assets/owner-app/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2022',
    sourcemap: false,
    // Vite's modulepreload polyfill would be an inline script: the CSP allows none (and every browser we target has modulepreload).
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
