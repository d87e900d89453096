import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoModal } from '../../components/VideoModal';

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
