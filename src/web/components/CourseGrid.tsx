import type { CourseListItem } from '../../shared/catalog';
import { messages } from '../../shared/messages';
import { useMembershipCourseIds } from '../api/subscriptions';
import { CourseCard, CourseCardSkeleton } from './CourseCard';
import { EmptyState, ErrorState } from './States';

interface CourseGridProps {
  courses: CourseListItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** How many cards the first screen shows (a list at the top of its page): their covers load at once. */
  firstScreen?: number;
}

/** Loading (4 skeleton cards), error, empty and filled states of a course list. */
export function CourseGrid({ courses, isLoading, isError, onRetry, firstScreen = 0 }: CourseGridProps) {
  const included = useMembershipCourseIds();
  if (isLoading) {
    return (
      <div className="row g-4" role="status" aria-label="Loading courses">
        {[0, 1, 2, 3].map((i) => (
          <div className="col-12 col-sm-6 col-lg-3" key={i}>
            <CourseCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (isError) return <ErrorState message={messages.courses.listFailed} onRetry={onRetry} />;
  if (!courses?.length) return <EmptyState message={messages.courses.empty} action={{ to: '/contact', label: 'Tell us what to teach next' }} />;
  return (
    <div className="row g-4">
      {courses.map((course, i) => (
        <div className="col-12 col-sm-6 col-lg-3" key={course.id}>
          <CourseCard course={course} included={included.has(course.id)} image={i >= firstScreen ? 'lazy' : i === 0 ? 'priority' : 'eager'} />
        </div>
      ))}
    </div>
  );
}
