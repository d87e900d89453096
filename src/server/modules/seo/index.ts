// The SEO module (the web app's pages with their head, sitemap, robots): the only file other modules may import.
export type { PageRenderer } from './ssr.js';
