import { useEffect, useId, useMemo, useRef } from 'react';
import { parseVideoUrl, type ParsedVideo } from '../../shared/video';

/** Where each provider's player posts its messages from; anything else is ignored. */
const PROVIDER_ORIGINS: Record<ParsedVideo['provider'], readonly string[]> = {
  youtube: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://youtube.com'],
  vimeo: ['https://player.vimeo.com'],
};

/** The embed address with each provider's postMessage API switched on. */
export function playerSrc(video: ParsedVideo, origin: string): string {
  const url = new URL(video.embedUrl);
  if (video.provider === 'youtube') {
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', origin);
    url.searchParams.set('playsinline', '1');
  } else {
    url.searchParams.set('api', '1');
    url.searchParams.set('dnt', '1');
  }
  return url.toString();
}

function readMessage(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** YouTube's player state from its two message shapes: onStateChange (info) and infoDelivery (info.playerState). */
function youtubeState(message: Record<string, unknown>): number | undefined {
  if (message.event === 'onStateChange' && typeof message.info === 'number') return message.info;
  if (message.event === 'infoDelivery' && message.info && typeof message.info === 'object') {
    const state = (message.info as { playerState?: unknown }).playerState;
    return typeof state === 'number' ? state : undefined;
  }
  return undefined;
}

interface VideoPlayerProps {
  url: string | null | undefined;
  title: string;
  /** Called once when the video plays to its end. */
  onEnded?: () => void;
}

/**
 * One player for YouTube and Vimeo lessons: the provider's own embed, driven through its
 * postMessage API (no provider script is loaded). YouTube: enablejsapi=1, a 'listening' handshake,
 * then onStateChange 0 means ended. Vimeo: api=1, addEventListener('ended'), then {event: 'ended'}.
 * Any other source shows a message instead of a broken frame.
 */
export function VideoPlayer({ url, title, onEnded }: VideoPlayerProps) {
  const video = useMemo(() => parseVideoUrl(url), [url]);
  const src = useMemo(() => (video ? playerSrc(video, window.location.origin) : null), [video]);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onEndedRef = useRef(onEnded);
  const playerId = useId();
  const handshake = useRef<() => void>(() => undefined);

  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    if (!video || !src) return;
    const targetOrigin = new URL(src).origin;
    const origins = PROVIDER_ORIGINS[video.provider];
    let ended = false;
    let heard = false;
    let retries: number | undefined;

    const post = (message: Record<string, unknown>) => {
      try {
        frameRef.current?.contentWindow?.postMessage(JSON.stringify(message), targetOrigin);
      } catch {
        // The frame is gone or on another origin (offline error page): nothing to drive.
      }
    };
    const subscribe = () => {
      if (video.provider === 'youtube') post({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: playerId, channel: 'widget' });
      else for (const name of ['ended', 'play']) post({ method: 'addEventListener', value: name });
    };
    const end = () => {
      if (ended) return;
      ended = true;
      onEndedRef.current?.();
    };

    // Sent when the frame loads; YouTube's player only talks after 'listening', so repeat until it answers.
    handshake.current = () => {
      window.clearInterval(retries);
      if (video.provider === 'vimeo') return subscribe();
      let tries = 0;
      const hello = () => {
        post({ event: 'listening', id: playerId, channel: 'widget' });
        subscribe();
        if (heard || ++tries >= 20) window.clearInterval(retries);
      };
      hello();
      retries = window.setInterval(hello, 500);
    };

    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current;
      if (!frame || event.source !== frame.contentWindow || !origins.includes(event.origin)) return;
      const message = readMessage(event.data);
      if (!message) return;
      heard = true;
      if (video.provider === 'youtube') {
        if (message.event === 'onReady' || message.event === 'initialDelivery') subscribe();
        const state = youtubeState(message);
        if (state === 0) end();
        else if (state === 1) ended = false;
      } else {
        if (message.event === 'ready') subscribe();
        if (message.event === 'ended') end();
        else if (message.event === 'play') ended = false;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(retries);
      handshake.current = () => undefined;
    };
  }, [video, src, playerId]);

  if (!video || !src) {
    return (
      <div className="ratio ratio-16x9 bg-dark rounded-3 video-player video-player-unsupported">
        <div className="d-flex flex-column align-items-center justify-content-center text-white text-center p-4">
          <i className="bi bi-camera-video-off fs-1 mb-2" aria-hidden="true" />
          <p className="mb-0">This video cannot be played here.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="ratio ratio-16x9 bg-black rounded-3 overflow-hidden video-player">
      <iframe
        key={src}
        ref={frameRef}
        src={src}
        title={title}
        data-provider={video.provider}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => handshake.current()}
      />
    </div>
  );
}
