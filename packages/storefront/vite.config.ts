import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Bundles the one browser entry (src/client.tsx) into dist/ with hashed names
// and a manifest, so the server can look up the script to link.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  publicDir: false,
  // Where the server serves dist/ (STOREFRONT_ASSET_PREFIX): lazily loaded chunks and workers are found from here.
  base: '/assets/storefront/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The shared rule packages are pure (no module does anything when loaded), so a page script keeps only what
      // it uses of them: without this, the checkout's address tables (every US state, every country code), which
      // @vitrine/commerce's front re-exports, landed in the every-page script (+3 KB gzip) though only the
      // checkout's chunk uses them.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/](commerce|format)[\\/]src[\\/]/.test(id) },
      input: { client: fileURLToPath(new URL('./src/client.tsx', import.meta.url)) },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // Everything a page loads at once stays in the one entry script (one request, one compression window),
        // also the modules the on-demand chunks (site forms, the additional-fields form) share with it.
        // The tracking client loads on every tracked page once it is idle: its rules (session, census, events), the
        // performance collector and web-vitals make one chunk, one request (issue 35), not a chunk each. The
        // experiments chunk, on pages with an experiment only, imports the session rules from it.
        codeSplitting: {
          groups: [
            { name: 'client', tags: ['$initial'] },
            { name: 'tracking-entry', test: /[\\/]packages[\\/]tracking[\\/]src[\\/]|[\\/]node_modules[\\/]web-vitals[\\/]|[\\/]src[\\/]tracking-entry\.ts$/ },
          ],
        },
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
