import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CourseDetail, Lesson } from '../../../shared/catalog';
import { toTitleCase } from '../../../shared/text';
import { ApiError } from '../../api/client';
import { isEnrolledStatus, useLessonCompletion, useOpenLesson } from '../../api/learning';
import { VideoPlayer } from '../../components/VideoPlayer';
import { useIsLoggedIn } from '../../lib/auth';
import { usePageMeta } from '../../lib/usePageMeta';
import { CourseContent } from './CourseContent';
import { allLessons, findLesson, isLessonLocked, lessonLabel, lessonPath } from './lessonRules';
import { LockedPanel } from './LockedPanel';
import { QuizStage } from './QuizStage';
import { CourseProjectLinks, ProjectStage } from './ProjectStage';

interface LessonPlayerProps {
  course: CourseDetail;
  slug: string;
  sectionId?: string | undefined;
  lessonId?: string | undefined;
  /** /lesson/{slug}/project/{id}: the project's brief and hand-in take the stage. */
  projectId?: string | undefined;
}

/** The lesson from the address (or a locked one picked), its stage and details, and the course's lessons beside it. */
export function LessonPlayer({ course, slug, sectionId, lessonId, projectId }: LessonPlayerProps) {
  const navigate = useNavigate();
  const { mutate: setCompletion, mutateAsync: changeCompletion } = useLessonCompletion(slug);
  // Why the server refused the last box ticked by hand (a quiz not passed yet, a lesson not open yet): said, never undone in silence.
  const [completionNotice, setCompletionNotice] = useState<{ lessonUuid: string; text: string } | null>(null);
  const { mutate: openLesson } = useOpenLesson(slug);
  const loggedIn = useIsLoggedIn();
  // A locked lesson that was clicked: it shows the locked panel but does not change the address.
  const [lockedPick, setLockedPick] = useState<string | null>(null);

  const fromAddress = findLesson(course, sectionId, lessonId);
  const picked = lockedPick ? allLessons(course).find((l) => l.uuid === lockedPick) : undefined;
  const lesson = picked ?? fromAddress?.lesson;
  const sectionIndex = lesson ? course.sections.findIndex((s) => s.uuid === lesson.section_uuid || s.lessons.includes(lesson)) : -1;
  const section = course.sections[sectionIndex];
  const locked = lesson ? isLessonLocked(lesson) : false;
  // Progress is tracked for whoever the server lets open the whole course (a member's first completion enrols them).
  const enrolled = course.access !== 'none';

  usePageMeta('lesson', { title: lesson ? `${toTitleCase(lesson.lesson_title)} | ${course.title}` : course.title });

  /** Completion is posted for an enrolled learner; on success the counts follow the spec's rule, a failure is silent. */
  const complete = useCallback(
    (target: Lesson) => {
      if (enrolled) setCompletion({ lessonUuid: target.uuid, completed: true });
    },
    [setCompletion, enrolled],
  );
  /** The lesson's checkbox, ticked or unticked by hand: a refusal is told under that lesson (and rejects, so its box shows the truth). */
  const toggleCompletion = enrolled
    ? async (target: Lesson, completed: boolean) => {
        setCompletionNotice(null);
        try {
          await changeCompletion({ lessonUuid: target.uuid, completed });
        } catch (error) {
          const text = error instanceof ApiError ? error.message : 'Your progress could not be saved. Check your connection and try again.';
          setCompletionNotice({ lessonUuid: target.uuid, text });
          throw error;
        }
      }
    : undefined;

  // A member opening a premium lesson of a course for the first time is enrolled, so the course joins their dashboard.
  const openedFor = useRef<string | null>(null);
  const memberFirstOpen = lesson && !locked && !lesson.enable_preview && course.access === 'membership' && !isEnrolledStatus(course.course_status);
  useEffect(() => {
    if (!memberFirstOpen || !lesson || openedFor.current === slug) return;
    openedFor.current = slug;
    openLesson(lesson.uuid);
  }, [lesson, memberFirstOpen, openLesson, slug]);

  // An article lesson counts as completed when it opens.
  const postedArticle = useRef<string | null>(null);
  const articleToComplete = lesson && !locked && enrolled && lesson.lesson_type === 'Article' && !lesson.completed_status ? lesson : undefined;
  useEffect(() => {
    if (!articleToComplete || postedArticle.current === articleToComplete.uuid) return;
    postedArticle.current = articleToComplete.uuid;
    complete(articleToComplete);
  }, [articleToComplete, complete]);

  const stageRef = useRef<HTMLDivElement>(null);
  const select = (next: Lesson) => {
    // On a phone the list is below the stage: the picked lesson (or why it is locked) is brought into view. The page
    // stays the same page, so it does not scroll by itself.
    const stage = stageRef.current;
    if (stage && stage.getBoundingClientRect().top < 0) stage.scrollIntoView?.({ block: 'start' });
    if (isLessonLocked(next)) {
      setLockedPick(next.uuid);
      return;
    }
    setLockedPick(null);
    void navigate(lessonPath(slug, next), { replace: true });
  };

  if (projectId !== undefined) return <ProjectStage course={course} projectId={Number(projectId)} />;

  if (!lesson) {
    return (
      <div className="container py-5">
        <p className="text-center text-body-secondary">The lessons of this course are being prepared. Check back soon.</p>
      </div>
    );
  }

  const lessons = allLessons(course);
  const position = lessons.findIndex((l) => l.uuid === lesson.uuid);
  const previous = position > 0 ? lessons[position - 1] : undefined;
  const next = position >= 0 ? lessons[position + 1] : undefined;
  const isArticle = lesson.lesson_type === 'Article';
  const isQuiz = lesson.lesson_type === 'quiz';

  const details = (
    <div className="lesson-details">
      <div className="flex-grow-1 min-w-0">
        {section && (
          <p className="lesson-details-section mb-1">
            Section {sectionIndex + 1}: {section.title}
          </p>
        )}
        <h2 className="lesson-details-title mb-0">{lessonLabel(lesson)}</h2>
      </div>
      <div className="lesson-details-actions">
        {enrolled && (
          <Link to={`/question-answer/?course=${course.id}&lesson=${lesson.id}`} className="btn btn-sm btn-outline-primary">
            <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
            Ask a question
          </Link>
        )}
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={!previous} onClick={() => previous && select(previous)}>
          <i className="bi bi-chevron-left me-1" aria-hidden="true" />
          Previous<span className="visually-hidden"> lesson</span>
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={!next} onClick={() => next && select(next)}>
          Next<span className="visually-hidden"> lesson</span>
          <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
        </button>
      </div>
    </div>
  );

  let stage;
  if (locked) stage = <LockedPanel loggedIn={loggedIn} course={course} availableAt={lesson.available_at} />;
  else if (isArticle)
    stage = (
      <article className="card lesson-article">
        <div className="card-body">
          <h3 className="h5 mb-3">Lesson Overview</h3>
          {/* The server sanitises lesson HTML before sending it (architecture rule 8). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: lesson.lesson_content ?? '' }} />
        </div>
      </article>
    );
  else if (isQuiz)
    stage = lesson.quiz ? (
      <QuizStage key={lesson.uuid} slug={slug} lessonUuid={lesson.uuid} quiz={lesson.quiz} canAttempt={loggedIn} />
    ) : (
      <LockedPanel loggedIn={loggedIn} course={course} />
    );
  else stage = <VideoPlayer key={lesson.uuid} url={lesson.video_source} title={lessonLabel(lesson)} onEnded={() => complete(lesson)} />;

  return (
    <div className="container-xxl lesson-layout">
      <div className="row g-4">
        <div className="col-12 col-lg-8 lesson-stage" ref={stageRef}>
          {(isArticle || isQuiz) && !locked ? (
            <>
              {details}
              {stage}
            </>
          ) : (
            <>
              {stage}
              {details}
            </>
          )}
        </div>
        <aside className="col-12 col-lg-4" aria-labelledby="course-content-title">
          <div className="lesson-sidebar">
            <h2 id="course-content-title" className="lesson-sidebar-title">
              Course content
            </h2>
            <div className="lesson-sidebar-scroll">
              <CourseContent
                sections={course.sections}
                activeUuid={lesson.uuid}
                onSelect={select}
                onToggleCompletion={toggleCompletion}
                notice={completionNotice}
              />
            </div>
            <CourseProjectLinks slug={slug} />
          </div>
        </aside>
      </div>
    </div>
  );
}
