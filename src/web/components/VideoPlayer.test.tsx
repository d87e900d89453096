import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './VideoPlayer';

function post(frame: HTMLIFrameElement, origin: string, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data), origin, source: frame.contentWindow }));
  });
}

describe('VideoPlayer', () => {
  it('drives YouTube through its postMessage API: listening handshake, then ended once per play', () => {
    const onEnded = vi.fn();
    render(<VideoPlayer url="https://youtu.be/rfscVS0vtbw" title="Intro" onEnded={onEnded} />);
    const frame = screen.getByTitle<HTMLIFrameElement>('Intro');
    const src = new URL(frame.src);
    expect(src.origin).toBe('https://www.youtube-nocookie.com');
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);

    const sent = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    const messages = sent.mock.calls.map(([message, target]) => [JSON.parse(String(message)) as { event: string; func?: string }, target]);
    expect(messages[0]).toEqual([expect.objectContaining({ event: 'listening', channel: 'widget' }), 'https://www.youtube-nocookie.com']);
    expect(messages.some(([m]) => (m as { func?: string }).func === 'addEventListener')).toBe(true);

    const youtube = 'https://www.youtube-nocookie.com';
    post(frame, youtube, { event: 'infoDelivery', info: { playerState: 1 } });
    post(frame, youtube, { event: 'infoDelivery', info: { playerState: 0 } });
    post(frame, youtube, { event: 'onStateChange', info: 0 });
    expect(onEnded).toHaveBeenCalledTimes(1);
    post(frame, youtube, { event: 'onStateChange', info: 1 });
    post(frame, youtube, { event: 'onStateChange', info: 0 });
    expect(onEnded).toHaveBeenCalledTimes(2);

    // Another origin, or a message not from this frame, is ignored.
    post(frame, 'https://evil.example', { event: 'onStateChange', info: 0 });
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event: 'onStateChange', info: 0 }), origin: youtube }));
    });
    expect(onEnded).toHaveBeenCalledTimes(2);
  });

  it("drives Vimeo: api=1, addEventListener('ended'), then {event: 'ended'}", () => {
    const onEnded = vi.fn();
    render(<VideoPlayer url="https://vimeo.com/76979871" title="Loops" onEnded={onEnded} />);
    const frame = screen.getByTitle<HTMLIFrameElement>('Loops');
    expect(new URL(frame.src).searchParams.get('api')).toBe('1');
    const sent = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    expect(sent).toHaveBeenCalledWith(JSON.stringify({ method: 'addEventListener', value: 'ended' }), 'https://player.vimeo.com');
    post(frame, 'https://player.vimeo.com', { event: 'ended' });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('shows a message for any other source', () => {
    render(<VideoPlayer url="https://example.com/video.mp4" title="Other" />);
    expect(screen.getByText('This video cannot be played here.')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
