import { EmptyState } from '../../components/States';
import { useStudioTitle } from '../components/ui';

export default function StudioNotFound() {
  useStudioTitle('Page not found');
  return (
    <>
      <h1 className="studio-page-title mb-3">Page not found</h1>
      <EmptyState message="There is no studio page at this address." action={{ to: '/admin/courses', label: 'Go to courses' }} />
    </>
  );
}
