import { useEffect, useRef, useState } from 'react';
import { formatAvailableOn } from '../../lib/release';
import Accordion from 'react-bootstrap/Accordion';
import Dropdown from 'react-bootstrap/Dropdown';
import type { Lesson, Section } from '../../../shared/catalog';
import { isLessonLocked, lessonLabel } from './lessonRules';
import { lessonTypeLook } from '../../lib/lessonTypes';

interface CourseContentProps {
  sections: Section[];
  activeUuid: string | undefined;
  onSelect: (lesson: Lesson) => void;
  /**
   * A learner with progress ticks or unticks a lesson; absent, the checkboxes only show progress.
   * It settles with the server's answer: a refusal rejects, and the box then shows the course as it is.
   */
  onToggleCompletion?: ((lesson: Lesson, completed: boolean) => Promise<void>) | undefined;
  /** Why the server refused the last box ticked by hand ('Pass the quiz to complete this lesson.'), shown under that lesson. */
  notice?: { lessonUuid: string; text: string } | null | undefined;
}

interface LessonItemProps extends Pick<CourseContentProps, 'onSelect' | 'onToggleCompletion'> {
  lesson: Lesson;
  active: boolean;
  notice: string | undefined;
}

function LessonItem({ lesson, active, notice, onSelect, onToggleCompletion }: LessonItemProps) {
  const locked = isLessonLocked(lesson);
  const look = lessonTypeLook[lesson.lesson_type];
  const label = lessonLabel(lesson);
  const ref = useRef<HTMLLIElement>(null);
  const noticeId = `lesson-notice-${lesson.uuid}`;
  // The box answers the click at once: the course's cache (marked by useLessonCompletion) changes a moment later,
  // and until then a controlled checkbox would spring back. Whatever the cache says next is shown.
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => setClicked(null), [lesson.completed_status]);

  // Bring the active lesson into view inside the scrolling list (never scrolls the page itself).
  useEffect(() => {
    const item = ref.current;
    const list = item?.closest<HTMLElement>('.lesson-sidebar-scroll');
    if (!active || !item || !list || list.scrollHeight <= list.clientHeight) return;
    const offset = item.getBoundingClientRect().top - list.getBoundingClientRect().top;
    if (offset < 0 || offset > list.clientHeight - item.offsetHeight) list.scrollTop += offset - list.clientHeight / 3;
  }, [active]);

  return (
    <li ref={ref} className={`lesson-item${active ? ' is-active' : ''}${locked ? ' is-locked' : ''}`} data-testid="lesson-item">
      <input
        type="checkbox"
        className="form-check-input lesson-item-check"
        checked={clicked ?? lesson.completed_status}
        disabled={!onToggleCompletion || locked}
        onChange={(event) => {
          setClicked(event.target.checked);
          // Refused: the course's cache went back as it was (perhaps within the same render, which the effect above never sees).
          onToggleCompletion?.(lesson, event.target.checked).catch(() => setClicked(null));
        }}
        aria-label={`${label} completed`}
        aria-describedby={notice ? noticeId : undefined}
      />
      <div className="lesson-item-main">
        <button type="button" className="lesson-item-button" aria-current={active ? 'true' : undefined} onClick={() => onSelect(lesson)}>
          <span className="lesson-item-title">{label}</span>
          <span className="lesson-item-meta">
            <span>
              <i className={`bi ${look.icon} me-1`} aria-hidden="true" />
              <span className="visually-hidden">{look.name}, </span>
              {lesson.video_playback_time}
            </span>
            {locked && lesson.available_at && (
              <span className="badge rounded-pill text-bg-light border lesson-badge-dripped">
                <i className="bi bi-calendar-event me-1" aria-hidden="true" />
                Available on {formatAvailableOn(lesson.available_at)}
              </span>
            )}
            {locked && !lesson.available_at && (
              <span className="badge rounded-pill text-bg-light border lesson-badge-premium">
                <i className="bi bi-lock-fill me-1" aria-hidden="true" />
                Premium
              </span>
            )}
            {lesson.enable_preview && <span className="badge rounded-pill bg-success-subtle text-success-emphasis">Free Preview</span>}
          </span>
        </button>
        {lesson.upload_resource && (
          <Dropdown className="lesson-item-resources" align="end">
            <Dropdown.Toggle variant="outline-secondary" size="sm" id={`resources-${lesson.uuid}`} aria-label={`Resources for ${label}`}>
              <i className="bi bi-folder2-open me-1" aria-hidden="true" />
              Resources
            </Dropdown.Toggle>
            <Dropdown.Menu>
              <Dropdown.Item href={lesson.upload_resource} download>
                <i className="bi bi-download me-2" aria-hidden="true" />
                Download File
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        )}
        {notice && (
          <p id={noticeId} className="lesson-item-notice" role="alert">
            <i className="bi bi-exclamation-circle-fill me-1" aria-hidden="true" />
            {notice}
          </p>
        )}
      </div>
    </li>
  );
}

/** 'Course content': one accordion item per section ('Section N: title', completed/total, time); the active lesson's section opens by itself. */
export function CourseContent({ sections, activeUuid, onSelect, onToggleCompletion, notice }: CourseContentProps) {
  const activeSection = sections.find((s) => s.lessons.some((l) => l.uuid === activeUuid))?.uuid;
  const [openKeys, setOpenKeys] = useState<string[]>(activeSection ? [activeSection] : []);
  const [openedFor, setOpenedFor] = useState(activeSection);
  if (activeSection !== openedFor) {
    setOpenedFor(activeSection);
    if (activeSection && !openKeys.includes(activeSection)) setOpenKeys([...openKeys, activeSection]);
  }

  return (
    <Accordion alwaysOpen activeKey={openKeys} onSelect={(keys) => setOpenKeys(Array.isArray(keys) ? keys : keys ? [keys] : [])} className="lesson-sections">
      {sections.map((section, index) => (
        <Accordion.Item eventKey={section.uuid} key={section.uuid}>
          <Accordion.Header as="h3">
            <span className="lesson-section-head">
              <span className="lesson-section-title">
                Section {index + 1}: {section.title}
              </span>
              <span className="lesson-section-meta">
                <span aria-label={`${section.completed_lessons} of ${section.total_lessons} lessons completed`}>
                  {section.completed_lessons}/{section.total_lessons}
                </span>
                <span aria-hidden="true">•</span>
                <span>{section.total_section_video_playback}</span>
              </span>
            </span>
          </Accordion.Header>
          <Accordion.Body className="p-0">
            <ul className="list-unstyled mb-0">
              {section.lessons.map((lesson) => (
                <LessonItem
                  key={lesson.uuid}
                  lesson={lesson}
                  active={lesson.uuid === activeUuid}
                  notice={notice?.lessonUuid === lesson.uuid ? notice.text : undefined}
                  onSelect={onSelect}
                  onToggleCompletion={onToggleCompletion}
                />
              ))}
            </ul>
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
