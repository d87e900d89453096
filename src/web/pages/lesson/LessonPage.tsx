import { Link, useParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { useCourse } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { ErrorState, PageSpinner } from '../../components/States';
import { LessonHeader } from './LessonHeader';
import { LessonPlayer } from './LessonPlayer';
import './lesson.scss';

export default function LessonPage() {
  const { slug = '', sectionId, lessonId, projectId } = useParams();
  const query = useCourse(slug);
  const course = query.data;

  let body;
  if (query.isError) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <div className="container py-5 text-center">
          <h1 className="h3 mb-3">Course not found</h1>
          <p className="text-body-secondary mb-4">We couldn't find this course. It may have been renamed or is no longer available.</p>
          <Link to="/courses" className="btn btn-primary">
            Browse all courses
          </Link>
        </div>
      ) : (
        <div className="container py-5">
          <h1 className="visually-hidden">Lesson</h1>
          <ErrorState message={messages.courses.detailFailed} onRetry={() => void query.refetch()} />
        </div>
      );
  } else if (!course) body = <PageSpinner />;
  else body = <LessonPlayer course={course} slug={slug} sectionId={sectionId} lessonId={lessonId} projectId={projectId} />;

  return (
    <div className="lesson-page">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <LessonHeader course={course} />
      <main id="main" className="lesson-main">
        {body}
      </main>
    </div>
  );
}
