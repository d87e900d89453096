import type { AdminCourse } from '../../../shared/admin';
import { courseImageSize, uploadLimits } from '../../../shared/uploads';
import { useUploadCourseImage } from '../../api/admin';
import { FileUpload } from '../components/FileUpload';
import { notify } from '../components/notify';

/** The course's cover: a preview as the storefront's cards show it (16:9), and an upload that replaces it. */
export function CourseImageCard({ course }: { course: AdminCourse }) {
  const upload = useUploadCourseImage(course.id);
  return (
    <section className="studio-card p-3 p-md-4 mb-3" aria-labelledby="details-image">
      <h2 id="details-image" className="h5 mb-3">
        Course image
      </h2>
      <div className="ratio ratio-16x9 rounded overflow-hidden border mb-3 bg-body-tertiary">
        <img src={course.course_image} alt={`Current image of ${course.title}`} className="object-fit-cover" width={640} height={360} />
      </div>
      <FileUpload
        id="course-image-file"
        label="Replace image"
        kind="image"
        field="image"
        hint={`JPEG, PNG, WebP, GIF or AVIF up to ${uploadLimits.imageBytes / (1024 * 1024)} MB. Cropped to 16:9 and stored at ${courseImageSize.width}×${courseImageSize.height}.`}
        upload={async (file, onProgress) => {
          await upload.mutateAsync({ file, onProgress });
          notify('Course image saved.');
        }}
      />
    </section>
  );
}
