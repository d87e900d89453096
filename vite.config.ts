import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    // Bootstrap Icons hide their glyphs for up to 3 s while the font loads (font-display: block): swap them in whenever it arrives
    // (with 'fallback' a font later than 3 s was never used, leaving empty boxes); each icon keeps its 1em square meanwhile (main.scss).
    {
      name: 'icon-font-display',
      enforce: 'pre',
      transform: (code, id) => (id.includes('bootstrap-icons') && id.endsWith('.css') ? code.replace('font-display: block', 'font-display: swap') : undefined),
    },
  ],
  // `vite build --ssr entry-server.tsx` builds the server renderer of the public pages into dist/ssr.
  build: isSsrBuild
    ? { outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)), emptyOutDir: true, sourcemap: false }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        chunkSizeWarningLimit: 400,
      },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      // Not '/api': the web app's own modules live under /api/ (src/web/api/*.ts).
      '/api/v1': apiTarget,
      '/api/docs': apiTarget,
      '/dev/mailbox': apiTarget,
      '/sitemap.xml': apiTarget,
      '/robots.txt': apiTarget,
    },
  },
}));
