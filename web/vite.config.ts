import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { handModel } from './build/hand-model.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';
import { prerender } from './build/prerender.plugin.ts';

const sourceRoot = fileURLToPath(new URL('./src', import.meta.url));
const contractsEntry = fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url));
const handPoseEntry = fileURLToPath(new URL('../services/hand-pose/src/index.ts', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The landing page paints from HTML and CSS before its scripts arrive (docs/runtime.md, "Prerendered landing page").
    prerender({
      entry: '/src/app/prerender.server.tsx',
      pages: [{ path: '/', routeModule: 'src/app/routes/landing.tsx' }],
      // The report is its owner's alone: the gateway renders it into this shell per request
      // (docs/runtime.md, "The report on a phone"); its heading and brand are set in these fonts,
      // and its scripts start once its photo has painted.
      shells: [
        {
          name: 'report',
          routeModule: 'src/app/routes/report.tsx',
          fonts: [/^assets\/fraunces-latin-wght-normal-/, /^assets\/noto-sans-devanagari-600-subset-/],
          loader: 'src/app/load-after-photo.ts',
        },
      ],
    }),
    handModel(),
    precompress(),
  ],
  // The year the prerendered pages were rendered in (components/layout/site-footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    // Contracts and the hand-pose judgement are consumed as TypeScript source, the same as on the server.
    alias: { '@palm/contracts': contractsEntry, '@palm/hand-pose': handPoseEntry, '@': sourceRoot },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps would publish the sources to anyone who asks; stack traces come from the server logs.
    sourcemap: false,
    // One stylesheet for the whole app (about 12 KB compressed): the prerendered landing page carries
    // it inline, and a route opened later has no stylesheet of its own to fetch before it can render.
    cssCodeSplit: false,
  },
});
