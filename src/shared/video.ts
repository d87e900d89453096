/** YouTube and Vimeo lesson and promo videos: the one parser the server (when saving) and the player (when playing) use. */
export type ParsedVideo = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string; hash?: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

function youtube(id: string | null | undefined): ParsedVideo | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
}

function vimeo(id: string | undefined, hash?: string | null): ParsedVideo | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  const h = hash && VIMEO_HASH.test(hash) ? hash : undefined;
  return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${h ? `?h=${h}` : ''}`, ...(h ? { hash: h } : {}) };
}

/**
 * Recognises YouTube (watch?v=, youtu.be/, /embed/, /shorts/, /live/) and Vimeo (vimeo.com/ID,
 * player.vimeo.com/video/ID) URLs and returns the privacy-friendly embed address; anything else is null.
 */
export function parseVideoUrl(raw: string | null | undefined): ParsedVideo | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be') return youtube(parts[0]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') return youtube(parts[1]);
    return null;
  }
  if (host === 'player.vimeo.com') return parts[0] === 'video' ? vimeo(parts[1], url.searchParams.get('h')) : null;
  if (host === 'vimeo.com') {
    // vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/name/ID
    const index = parts.findIndex((p) => VIMEO_ID.test(p));
    if (index === -1) return null;
    return vimeo(parts[index], parts[index + 1] ?? url.searchParams.get('h'));
  }
  return null;
}

/** The form a video URL is stored in: https://www.youtube.com/watch?v=ID or https://vimeo.com/ID[/HASH]. */
export function canonicalVideoUrl(raw: string): string | null {
  const video = parseVideoUrl(raw);
  if (!video) return null;
  return video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${video.id}` : `https://vimeo.com/${video.id}${video.hash ? `/${video.hash}` : ''}`;
}
