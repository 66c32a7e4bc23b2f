import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { treeshakeReactRouter } from './scripts/build/treeshake-react-router.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), treeshakeReactRouter()],
  build: isSsrBuild
    ? {
        // The server entry (`vite build --ssr entry-server.tsx`): the same components, for Node.
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        assetsInlineLimit: 0,
        // The manifest lets scripts/report-bundle.ts follow what each route loads first.
        manifest: true,
        // Every supported browser has <link rel=modulepreload>; the polyfill only adds bytes.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The public pages' stylesheet (decision 113), which the server inlines in the pages it
          // renders (it finds it through the manifest); index.html keeps the app's whole one.
          input: {
            index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
            'public-pages': fileURLToPath(new URL('./web/public-pages.css', import.meta.url)),
          },
          output: {
            // The framework in one long-cached chunk: split across shared chunks it gzipped ~2 kB
            // worse, and every page needs all of it anyway. (`codeSplitting` is Rolldown's name
            // for what was `advancedChunks`; the groups keep their meaning.)
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                },
                // The QR encoder in its own chunk: only a code's popup or page loads it.
                { name: 'qrcode', test: /node_modules[\\/]qrcode[\\/]/ },
              ],
            },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget },
    },
  },
}));
