import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'hr',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], code: ['class'], span: ['class'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** HTML from the database (bios, descriptions, articles) is cleaned before it reaches a page. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
const stripTags = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/**
 * The plain-text part of an email made from rich text: the text of the sanitised HTML with its
 * paragraphs, line breaks and list items kept, and each link's address after its words.
 */
export function htmlToText(html: string): string {
  let out = sanitizeRichText(html);
  out = out.replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
    const label = stripTags(inner).trim();
    const url = decode(href);
    return !label ? url : label === url || label === url.replace(/^mailto:/, '') ? label : `${label} (${url})`;
  });
  out = out.replace(/<ol\b[^>]*>([\s\S]*?)<\/ol>/gi, (_whole, items: string) => {
    let n = 0;
    return `\n${items.replace(/<li\b[^>]*>/gi, () => `\n${++n}. `)}\n\n`;
  });
  out = out
    .replace(/<(p|h[1-6]|blockquote|pre|ul|table)\b[^>]*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n\n---\n\n')
    .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol|table)>/gi, '\n\n')
    .replace(/<\/(tr)>/gi, '\n')
    .replace(/<\/(td|th)>/gi, '\t');
  return decode(stripTags(out))
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, '').replace(/^[ \t]+(?=\S)/, (lead) => (lead.includes('\t') ? '' : lead)))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
