import { describe, expect, it } from 'vitest';
import { parseVideoUrl } from './video.js';

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
