import Modal from 'react-bootstrap/Modal';

export type ParsedVideo = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

function youtube(id: string | null | undefined): ParsedVideo | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
}

function vimeo(id: string | undefined, hash?: string | null): ParsedVideo | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  const h = hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : '';
  return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}${h}` };
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

interface VideoModalProps {
  show: boolean;
  onHide: () => void;
  /** The modal's heading, also the iframe's title. */
  title: string;
  url: string | null | undefined;
}

/** A static modal (closed only by its close button) playing a YouTube or Vimeo video in 16:9. */
export function VideoModal({ show, onHide, title, url }: VideoModalProps) {
  const video = parseVideoUrl(url);
  return (
    <Modal show={show} onHide={onHide} backdrop="static" keyboard={false} size="lg" centered aria-labelledby="video-modal-title">
      <Modal.Header closeButton closeLabel="Close video">
        <Modal.Title id="video-modal-title" as="h2" className="h5 mb-0">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black">
        {video ? (
          <div className="ratio ratio-16x9">
            <iframe
              src={video.embedUrl}
              title={title}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : (
          <div className="ratio ratio-16x9">
            <div className="d-flex flex-column align-items-center justify-content-center text-white text-center p-4">
              <i className="bi bi-camera-video-off fs-1 mb-2" aria-hidden="true" />
              <p className="mb-0">This video cannot be played here.</p>
            </div>
          </div>
        )}
      </Modal.Body>
    </Modal>
  );
}
