import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Lesson, Section } from '../../../shared/catalog';
import { Curriculum } from './Curriculum';

const lesson = (id: number, preview: boolean): Lesson => ({
  id,
  uuid: `lesson-${id}`,
  section_uuid: 'section-1',
  global_order: id,
  lesson_title: `Lesson ${id}`,
  lesson_type: 'Video',
  enable_preview: preview,
  video_source: preview ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
  lesson_content: null,
  upload_resource: null,
  video_playback_time: '5:00',
  duration_seconds: 300,
  is_locked: !preview,
  available_at: null,
  completed_status: false,
});

const sections: Section[] = [
  {
    id: 1,
    uuid: 'section-1',
    title: 'Getting started',
    lessons: [lesson(1, true), lesson(2, false)],
    completed_lessons: 0,
    total_lessons: 2,
    total_section_video_playback: '10m',
  },
  { id: 2, uuid: 'section-2', title: 'Going further', lessons: [lesson(3, false)], completed_lessons: 0, total_lessons: 1, total_section_video_playback: '5m' },
];

describe('Curriculum', () => {
  it("disables its section and preview buttons in the server's HTML, where a tap would do nothing", () => {
    const html = renderToString(<Curriculum sections={sections} totalLessons={3} totalDuration="15m" onPreview={() => undefined} />);
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBe(4); // two sections, the lesson's title and its small 'Preview'
    for (const button of buttons) expect(button).toContain('disabled=""');
  });

  it('opens a section and a preview once the browser renders it', () => {
    const onPreview = vi.fn();
    render(<Curriculum sections={sections} totalLessons={3} totalDuration="15m" onPreview={onPreview} />);
    const section = screen.getByRole('button', { name: /Going further/ });
    expect(section).toBeEnabled();
    expect(section).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(section);
    expect(screen.getByRole('button', { name: /Going further/ })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Preview Lesson 1' }));
    expect(onPreview).toHaveBeenCalledWith(sections[0]!.lessons[0]);
  });
});
