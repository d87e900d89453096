import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseVideoUrl, VideoModal } from '../../components/VideoModal';

describe('parseVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://youtube.com/watch?feature=share&v=rfscVS0vtbw&t=30', 'rfscVS0vtbw'],
    ['https://m.youtube.com/watch?v=rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://youtu.be/rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://youtu.be/rfscVS0vtbw?si=abc', 'rfscVS0vtbw'],
    ['https://www.youtube.com/embed/rfscVS0vtbw', 'rfscVS0vtbw'],
    ['https://www.youtube-nocookie.com/embed/rfscVS0vtbw?rel=0', 'rfscVS0vtbw'],
  ])('reads the YouTube id from %s', (url, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` });
  });

  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://www.vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
  ])('reads the Vimeo id from %s', (url, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}` });
  });

  it('keeps the hash of an unlisted Vimeo video', () => {
    expect(parseVideoUrl('https://vimeo.com/76979871/abc123def0')?.embedUrl).toBe('https://player.vimeo.com/video/76979871?h=abc123def0');
  });

  it.each([
    null,
    undefined,
    '',
    'not a url',
    'https://example.com/video.mp4',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'https://evil.example/youtu.be/rfscVS0vtbw',
  ])('rejects %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe('VideoModal', () => {
  it('embeds the video in an iframe with a title', () => {
    render(<VideoModal show onHide={() => {}} title="Lesson Preview - Models" url="https://youtu.be/rfscVS0vtbw" />);
    expect(screen.getByRole('heading', { name: 'Lesson Preview - Models' })).toBeInTheDocument();
    const frame = screen.getByTitle('Lesson Preview - Models');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/rfscVS0vtbw?rel=0');
  });

  it('explains when a video cannot be embedded', () => {
    render(<VideoModal show onHide={() => {}} title="Course Preview" url="https://example.com/clip.mp4" />);
    expect(screen.getByText('This video cannot be played here.')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('closes only from its close button', () => {
    const onHide = vi.fn();
    render(<VideoModal show onHide={onHide} title="Course Preview" url="https://youtu.be/rfscVS0vtbw" />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onHide).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close video' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
