import Dropdown from 'react-bootstrap/Dropdown';
import { messages } from '../../shared/messages';
import { useHydrated } from '../lib/hydrated';
import { currentOrigin } from '../lib/origin';

/** Writes text to the clipboard; falls back to a hidden textarea and execCommand('copy') where the API is missing or refused. */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, insecure context): try the old way below.
    }
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  textarea.style.pointerEvents = 'none';
  document.body.appendChild(textarea);
  textarea.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/** What is shared: a course's page (LinkedIn is given /course/{slug}) or a bundle's (/bundles/{slug}). */
export type SharedPage = 'course' | 'bundle';

export function shareLinks(slug: string, title: string, origin = currentOrigin(), kind: SharedPage = 'course') {
  const url = kind === 'bundle' ? `${origin}/bundles/${slug}` : `${origin}/courses/${slug}`;
  const linkedIn = kind === 'bundle' ? url : `${origin}/course/${slug}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    url,
    items: [
      { label: 'Twitter', icon: 'bi-twitter-x', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
      { label: 'Facebook', icon: 'bi-facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
      {
        label: 'LinkedIn',
        icon: 'bi-linkedin',
        href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(linkedIn)}`,
      },
      { label: 'WhatsApp', icon: 'bi-whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    ],
  };
}

/** Share the public course (or bundle) page: Twitter, Facebook, LinkedIn (/course/{slug}), WhatsApp, or copy the link. */
export function ShareMenu({ slug, title, className, kind = 'course' }: { slug: string; title: string; className?: string; kind?: SharedPage }) {
  const { url, items } = shareLinks(slug, title, undefined, kind);
  // The menu opens through React: disabled on the server's HTML until the page has hydrated.
  const hydrated = useHydrated();

  const copy = async () => {
    if (await copyText(url)) window.alert(messages.courses.linkCopied);
    else window.prompt('Copy this link:', url);
  };

  return (
    <Dropdown className={className}>
      <Dropdown.Toggle variant="outline-secondary" className="w-100" disabled={!hydrated} id={kind === 'bundle' ? `share-bundle-${slug}` : `share-${slug}`}>
        <i className="bi bi-share me-2" aria-hidden="true" />
        Share
      </Dropdown.Toggle>
      <Dropdown.Menu className="w-100 shadow">
        {items.map((item) => (
          <Dropdown.Item key={item.label} href={item.href} target="_blank" rel="noopener noreferrer">
            <i className={`bi ${item.icon} me-2`} aria-hidden="true" />
            {item.label}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" onClick={() => void copy()}>
          <i className="bi bi-link-45deg me-2" aria-hidden="true" />
          Copy link
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
