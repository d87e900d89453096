import type { PageMeta } from '../../../shared/pages.js';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface HeadOptions {
  meta: PageMeta;
  /** Absolute URL of this page. */
  url: string;
  image: string;
  type: 'website' | 'article' | 'product';
  siteVerification?: string | undefined;
  jsonLd?: object | undefined;
}

/** The <head> tags that let crawlers and share previews read a page without running JavaScript. */
export function renderHead(options: HeadOptions): string {
  const { meta, url, image } = options;
  const tags = [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}">`,
    `<meta name="keywords" content="${escape(meta.keywords)}">`,
    `<link rel="canonical" href="${escape(url)}">`,
    `<meta property="og:url" content="${escape(url)}">`,
    `<meta property="og:type" content="${options.type}">`,
    `<meta property="og:title" content="${escape(meta.title)}">`,
    `<meta property="og:description" content="${escape(meta.description)}">`,
    `<meta property="og:image" content="${escape(image)}">`,
    `<meta property="og:site_name" content="Lectern">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escape(meta.title)}">`,
    `<meta name="twitter:description" content="${escape(meta.description)}">`,
    `<meta name="twitter:image" content="${escape(image)}">`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex, nofollow">');
  if (options.siteVerification) tags.push(`<meta name="google-site-verification" content="${escape(options.siteVerification)}">`);
  if (options.jsonLd) tags.push(`<script type="application/ld+json">${JSON.stringify(options.jsonLd).replace(/</g, '\\u003c')}</script>`);
  return tags.join('\n    ');
}

export const HEAD_PLACEHOLDER = '<!--app-head-->';

/** Used when the web app has not been built (server tests): a valid page with the same head. */
export const fallbackTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${HEAD_PLACEHOLDER}
  </head>
  <body>
    <div id="root"></div>
    <noscript>Lectern needs JavaScript for the full experience.</noscript>
  </body>
</html>
`;

/**
 * Puts the page's head tags at the placeholder and its stylesheets at the end of the head, after
 * the entry's stylesheet that Vite put there: the cascade order of a page the browser loads itself.
 */
export function injectHead(template: string, head: string, styles = ''): string {
  const withStyles = styles ? template.replace('</head>', () => `  ${styles}\n  </head>`) : template;
  return withStyles.replace(HEAD_PLACEHOLDER, () => head);
}
