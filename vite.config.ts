import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconFont } from './scripts/icon-font';
import { storefrontChunks } from './scripts/storefront-chunks';

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));
// The pages search and shared links land on: their code comes in a few files (scripts/storefront-chunks.ts).
const landingPages = ['pages/home/HomePage.tsx', 'pages/courses/CoursesPage.tsx', 'pages/course-detail/CourseDetailPage.tsx'].map(web);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    // `virtual:bootstrap-icons.css`: Bootstrap Icons' stylesheet and font with only the icons the web app names.
    iconFont({ scan: [fileURLToPath(new URL('./src/web', import.meta.url)), fileURLToPath(new URL('./src/shared', import.meta.url))] }),
    // Inter is preloaded and 'optional': a first paint that beats it (the critical CSS is inline) keeps the metric-matched
    // fallback for that page instead of swapping and re-wrapping lines (CLS 0.03 on phones); Chromium waits for a preloaded
    // optional font briefly before painting, so on most connections the first paint is already in Inter.
    {
      name: 'text-font-display',
      enforce: 'pre',
      transform: (code, id) =>
        id.includes('@fontsource-variable/inter') && id.endsWith('.css') ? code.replaceAll('font-display: swap', 'font-display: optional') : undefined,
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
        rolldownOptions: { output: { codeSplitting: { groups: storefrontChunks(web('main.tsx'), landingPages) } } },
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
