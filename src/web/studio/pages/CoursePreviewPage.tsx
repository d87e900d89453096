import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminErrorText, adminQueries } from '../../api/admin';
import { ErrorState } from '../../components/States';
import { CourseDetailSkeleton } from '../../pages/course-detail/CourseDetailSkeleton';
import { CourseView } from '../../pages/course-detail/CourseDetailPage';
import { useStudioTitle } from '../components/ui';

/** /admin/courses/:id/preview: the storefront's course page as an enrolled student sees it, published or not. */
export default function CoursePreviewPage() {
  const courseId = Number(useParams().courseId);
  const preview = useQuery({ ...adminQueries.preview(courseId), enabled: Number.isInteger(courseId) && courseId > 0 });
  useStudioTitle(preview.data ? `Preview: ${preview.data.title}` : 'Preview');
  return (
    <>
      <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
        <i className="bi bi-eye" aria-hidden="true" />
        <span className="flex-grow-1">Preview: this is the course page as an enrolled student sees it{preview.data ? '' : '...'}</span>
        <Link to={`/admin/courses/${courseId}`} className="btn btn-sm btn-outline-primary">
          Back to the editor
        </Link>
      </div>
      <div className="bg-white rounded-3 overflow-hidden">
        {preview.isPending ? (
          <CourseDetailSkeleton />
        ) : preview.isError ? (
          <ErrorState message={adminErrorText(preview.error)} onRetry={() => void preview.refetch()} />
        ) : (
          <CourseView course={preview.data} />
        )}
      </div>
    </>
  );
}
