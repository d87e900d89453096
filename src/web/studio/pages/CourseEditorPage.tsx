import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AdminCourse } from '../../../shared/admin';
import { adminErrorText, adminQueries, useCourseTransition, type CourseTransition } from '../../api/admin';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ErrorState } from '../../components/States';
import { CardSkeleton, PageHeader, StateBadge, useConfirm, useStudioTitle, type ConfirmOptions } from '../components/ui';
import { notify } from '../components/notify';

const CourseDetailsTab = lazy(() => import('../courses/CourseDetailsTab'));
const CurriculumTab = lazy(() => import('../courses/CurriculumTab'));
const PricesTab = lazy(() => import('../courses/PricesTab'));
const ProjectsTab = lazy(() => import('../courses/ProjectsTab'));
const QuizzesTab = lazy(() => import('../courses/QuizzesTab'));

const tabs = [
  { key: 'details', label: 'Details', icon: 'card-text' },
  { key: 'curriculum', label: 'Curriculum', icon: 'list-nested' },
  { key: 'prices', label: 'Prices', icon: 'currency-exchange' },
  { key: 'projects', label: 'Projects', icon: 'award' },
  { key: 'quizzes', label: 'Quizzes', icon: 'patch-question' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

const transitionText: Record<CourseTransition, ConfirmOptions & { done: string }> = {
  publish: {
    title: 'Publish this course?',
    body: 'It appears on the storefront at once, and buyers can pay for it.',
    confirmLabel: 'Publish',
    busyLabel: 'Publishing...',
    variant: 'primary',
    done: 'The course is published.',
  },
  unpublish: {
    title: 'Unpublish this course?',
    body: 'It leaves the storefront and goes back to draft. Students already enrolled keep their access.',
    confirmLabel: 'Unpublish',
    busyLabel: 'Unpublishing...',
    variant: 'warning',
    done: 'The course is back to draft.',
  },
  archive: {
    title: 'Archive this course?',
    body: 'It leaves the storefront and the course list (find it under the Archived filter). Enrolled students keep access.',
    confirmLabel: 'Archive',
    busyLabel: 'Archiving...',
    variant: 'danger',
    done: 'The course is archived.',
  },
  restore: {
    title: 'Restore this course?',
    body: 'It comes back as a draft.',
    confirmLabel: 'Restore',
    busyLabel: 'Restoring...',
    variant: 'primary',
    done: 'The course is restored as a draft.',
  },
};

/** /admin/courses/:id: details, curriculum and prices of one course, and its state changes. */
export default function CourseEditorPage() {
  const courseId = Number(useParams().courseId);
  const [params, setParams] = useSearchParams();
  const tab: TabKey = tabs.some((t) => t.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'details';
  const course = useQuery({ ...adminQueries.course(courseId), enabled: Number.isInteger(courseId) && courseId > 0 });
  useStudioTitle(course.data ? course.data.title : 'Course');

  if (course.isPending) return <CardSkeleton lines={8} label="Loading the course" />;
  if (course.isError) return <ErrorState message={adminErrorText(course.error)} onRetry={() => void course.refetch()} />;
  const data = course.data;

  return (
    <>
      <CourseHeader course={data} />
      <ul className="nav nav-tabs mb-3 flex-nowrap overflow-auto" role="tablist" aria-label="Course editor">
        {tabs.map((t) => (
          <li className="nav-item" key={t.key} role="presentation">
            <button
              type="button"
              role="tab"
              id={`tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`panel-${t.key}`}
              className={`nav-link text-nowrap${tab === t.key ? ' active' : ''}`}
              onClick={() => setParams({ tab: t.key }, { replace: true })}
            >
              <i className={`bi bi-${t.icon} me-1`} aria-hidden="true" />
              {t.label}
            </button>
          </li>
        ))}
      </ul>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <Suspense fallback={<CardSkeleton />}>
          {tab === 'details' && <CourseDetailsTab course={data} />}
          {tab === 'curriculum' && <CurriculumTab course={data} />}
          {tab === 'prices' && <PricesTab course={data} />}
          {tab === 'projects' && <ProjectsTab course={data} />}
          {tab === 'quizzes' && <QuizzesTab course={data} />}
        </Suspense>
      </div>
    </>
  );
}

function CourseHeader({ course }: { course: AdminCourse }) {
  const transition = useCourseTransition(course.id);
  const confirm = useConfirm();
  const ask = (t: CourseTransition) => {
    const { done, ...options } = transitionText[t];
    confirm.ask(options, async () => {
      await transition.mutateAsync(t);
      notify(done);
    });
  };
  const available: CourseTransition[] =
    course.state === 'draft' ? ['publish', 'archive'] : course.state === 'published' ? ['unpublish', 'archive'] : ['restore'];

  return (
    <PageHeader
      title={
        <>
          {course.title} <StateBadge state={course.state} />
        </>
      }
      actions={
        <>
          <Link to={`/admin/courses/${course.id}/preview`} className="btn btn-light border">
            <i className="bi bi-eye me-1" aria-hidden="true" />
            Preview as student
          </Link>
          {course.state === 'published' && (
            <a href={`/courses/${course.slug}`} className="btn btn-light border" target="_blank" rel="noreferrer">
              <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
              Storefront
            </a>
          )}
          {available.map((t) => (
            <button
              key={t}
              type="button"
              className={`btn ${t === 'publish' || t === 'restore' ? 'btn-primary' : t === 'archive' ? 'btn-outline-danger' : 'btn-outline-dark'} text-capitalize`}
              onClick={() => ask(t)}
            >
              {t}
            </button>
          ))}
          {confirm.dialog}
        </>
      }
    >
      <Breadcrumb trail={[{ label: 'Courses', to: '/admin/courses' }]} current={course.title} className="small mb-1" currentClassName="text-truncate" />
    </PageHeader>
  );
}
