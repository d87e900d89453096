import Accordion from 'react-bootstrap/Accordion';
import type { Lesson, Section } from '../../../shared/catalog';
import { plural } from './format';
import { lessonTypeLook } from '../../lib/lessonTypes';
import { formatAvailableOn } from '../../lib/release';
import { useHydrated } from '../../lib/hydrated';

interface CurriculumProps {
  sections: Section[];
  totalLessons: number;
  totalDuration: string;
  onPreview: (lesson: Lesson) => void;
}

function LessonRow({ lesson, onPreview, ready }: { lesson: Lesson; onPreview: (lesson: Lesson) => void; ready: boolean }) {
  const look = lessonTypeLook[lesson.lesson_type];
  const canPreview = lesson.enable_preview && Boolean(lesson.video_source);
  return (
    <li className="curriculum-lesson">
      <i className={`bi ${look.icon} curriculum-lesson-icon`} aria-hidden="true" />
      {canPreview ? (
        // The title opens the preview, as the small 'Preview' beside it does (one control for a keyboard and a screen reader).
        <button
          type="button"
          className="curriculum-lesson-title curriculum-lesson-open"
          aria-label={`Preview ${lesson.lesson_title}`}
          disabled={!ready}
          onClick={() => onPreview(lesson)}
        >
          {lesson.lesson_title}
        </button>
      ) : (
        <span className="curriculum-lesson-title">
          <span className="visually-hidden">{look.name}: </span>
          {lesson.lesson_title}
        </span>
      )}
      <span className="curriculum-lesson-meta">
        {canPreview && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 fw-semibold curriculum-preview"
            tabIndex={-1}
            aria-hidden="true"
            disabled={!ready}
            onClick={() => onPreview(lesson)}
          >
            Preview
          </button>
        )}
        {lesson.is_locked && lesson.available_at && (
          <span className="text-body-secondary small curriculum-available">
            <i className="bi bi-calendar-event me-1" aria-hidden="true" />
            Available on {formatAvailableOn(lesson.available_at)}
          </span>
        )}
        {lesson.is_locked && !lesson.available_at && (
          <span className="text-body-secondary" title="Locked">
            <i className="bi bi-lock" aria-hidden="true" />
            <span className="visually-hidden">Locked</span>
          </span>
        )}
        {lesson.duration_seconds > 0 && <span className="curriculum-time">{lesson.video_playback_time}</span>}
      </span>
    </li>
  );
}

/**
 * Sections and their lessons; the first section starts open. Until the page has hydrated, the
 * section and preview buttons are disabled: on the server's HTML a tap would do nothing.
 */
export function Curriculum({ sections, totalLessons, totalDuration, onPreview }: CurriculumProps) {
  const hydrated = useHydrated();
  if (!sections.length) return <p className="text-body-secondary">The curriculum is being prepared. Check back soon.</p>;
  return (
    <>
      <p className="text-body-secondary mb-3">
        {plural(sections.length, 'section')} <span aria-hidden="true">•</span> {plural(totalLessons, 'lecture')} <span aria-hidden="true">•</span>{' '}
        {totalDuration} total length
      </p>
      <Accordion defaultActiveKey={[sections[0]!.uuid]} alwaysOpen className="curriculum">
        {sections.map((section) => (
          <Accordion.Item eventKey={section.uuid} key={section.uuid}>
            {/* Accordion.Header's markup (h3.accordion-header > button.accordion-button), with the button disabled until hydrated. */}
            <h3 className="accordion-header">
              <Accordion.Button disabled={!hydrated}>
                <span className="curriculum-section-head">
                  <span className="curriculum-section-title">{section.title}</span>
                  <span className="curriculum-section-meta">
                    {plural(section.lessons.length, 'lecture')} <span aria-hidden="true">•</span> {section.total_section_video_playback}
                  </span>
                </span>
              </Accordion.Button>
            </h3>
            <Accordion.Body className="p-0">
              <ul className="list-unstyled mb-0">
                {section.lessons.map((lesson) => (
                  <LessonRow key={lesson.uuid} lesson={lesson} onPreview={onPreview} ready={hydrated} />
                ))}
              </ul>
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
