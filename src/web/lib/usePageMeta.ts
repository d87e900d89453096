import { useEffect } from 'react';
import { pageMeta, type PageKey } from '../../shared/pages';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Keeps the document head in step with client-side navigation (the server renders it for first load). */
export function usePageMeta(page: PageKey, override?: { title?: string; description?: string }): void {
  const meta = pageMeta[page];
  const title = override?.title ?? meta.title;
  const description = override?.description ?? meta.description;
  useEffect(() => {
    document.title = title;
    const url = window.location.origin + window.location.pathname;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[name="keywords"]', 'name', 'keywords', meta.keywords);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:url"]', 'property', 'og:url', url);
    setMeta('meta[property="og:type"]', 'property', 'og:type', page === 'courseDetail' ? 'article' : 'website');
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = url;
  }, [page, title, description, meta.keywords]);
}
