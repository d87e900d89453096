// The web host (the web app's server-rendered pages with their head, the built files, sitemap, robots): the only file other modules may import.
export type { PageRenderer } from './ssr.js';
