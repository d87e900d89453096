import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useParams } from 'react-router';
import type { CourseDetail, Lesson } from '../../../shared/catalog';
import { messages } from '../../../shared/messages';
import { useCourse } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { Breadcrumb } from '../../components/Breadcrumb';
import { InstructorCard } from '../../components/InstructorCard';
import { Rating } from '../../components/Rating';
import { ErrorState } from '../../components/States';
import { VideoModal } from '../../components/VideoModal';
import { usePageMeta } from '../../lib/usePageMeta';
import { CourseDetailSkeleton } from './CourseDetailSkeleton';
import { CourseProjects } from './CourseProjects';
import { CourseReviews } from './CourseReviews';
import { CourseSideCard } from './CourseSideCard';
import { Curriculum } from './Curriculum';
import { ExpandableDescription } from './ExpandableDescription';
import { formatShortDate, plural } from './format';
import './course-detail.scss';

export default function CourseDetailPage() {
  const { slug } = useParams();
  const query = useCourse(slug);
  const course = query.data;
  usePageMeta('courseDetail', course ? { title: `${course.title} | Course Details`, description: course.subtitle } : undefined);

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <CourseNotFound />;
    return (
      <section className="section">
        <div className="container">
          <h1 className="visually-hidden">Course Details</h1>
          <ErrorState message={messages.courses.detailFailed} onRetry={() => void query.refetch()} />
        </div>
      </section>
    );
  }
  if (!course) return <CourseDetailSkeleton />;
  return <CourseView course={course} />;
}

function CourseNotFound() {
  return (
    <section className="section">
      <div className="container text-center course-not-found">
        <i className="bi bi-journal-x display-4 text-primary d-block mb-3" aria-hidden="true" />
        <h1 className="h2 mb-3">Course not found</h1>
        <p className="text-body-secondary mb-4">We couldn't find this course. It may have been renamed or is no longer available.</p>
        <Link to="/courses" className="btn btn-primary">
          Browse all courses
        </Link>
      </div>
    </section>
  );
}

type Playing = { title: string; url: string | null };

/** The course page itself (also the studio's "Preview as student"). */
export function CourseView({ course }: { course: CourseDetail }) {
  const [video, setVideo] = useState<Playing | null>(null);
  const [showVideo, setShowVideo] = useState(false);
  const play = (next: Playing) => {
    setVideo(next);
    setShowVideo(true);
  };
  const previewLesson = (lesson: Lesson) => play({ title: `Lesson Preview - ${lesson.lesson_title}`, url: lesson.video_source });

  return (
    <div className="course-detail">
      <section className="course-hero">
        <div className="container">
          <div className="row">
            <div className="col-12 col-lg-8">
              <Breadcrumb
                trail={[
                  { label: 'Home', to: '/' },
                  { label: 'Courses', to: '/courses' },
                ]}
                current={course.title}
                currentClassName="text-truncate d-none d-md-block"
              />
              <p className="course-hero-category mb-2">{course.category.category_name}</p>
              <h1 className="course-hero-title mb-3">{course.title}</h1>
              <p className="course-hero-subtitle mb-4">{course.subtitle}</p>
              <ul className="course-hero-meta list-unstyled mb-0">
                <li>
                  <Rating value={course.ratings} count={course.ratings_count} />
                  {course.ratings_count > 0 && <span className="course-hero-muted ms-1">({plural(course.ratings_count, 'rating')})</span>}
                </li>
                <li>
                  <i className="bi bi-people me-1" aria-hidden="true" />
                  {plural(course.total_enrolled, 'student')} enrolled
                </li>
                <li>
                  <span className="course-hero-pill">
                    <i className="bi bi-bar-chart me-1" aria-hidden="true" />
                    <span className="visually-hidden">Complexity: </span>
                    {course.complexity}
                  </span>
                </li>
                <li>
                  <i className="bi bi-calendar3 me-1" aria-hidden="true" />
                  Last updated {formatShortDate(course.updated_at)}
                </li>
                <li>
                  <i className="bi bi-globe2 me-1" aria-hidden="true" />
                  <span className="visually-hidden">Language: </span>
                  English
                </li>
              </ul>
            </div>
          </div>
        </div>
      </section>

      <div className="container course-body">
        <div className="row g-4 g-lg-5">
          <aside className="col-12 col-lg-4 order-lg-2" aria-label="Course summary">
            <CourseSideCard course={course} onPlayIntro={() => play({ title: `Course Preview - ${course.title}`, url: course.promo_video })} />
          </aside>
          <div className="col-12 col-lg-8 order-lg-1">
            <CourseProjects slug={course.slug} />
            <Tabs defaultActiveKey="learn" id="course-tabs" variant="underline" className="course-tabs mb-4">
              <Tab eventKey="learn" title="What you'll learn">
                <h2 className="h4 mb-3">What you'll learn</h2>
                <ul className="row g-3 list-unstyled course-learn mb-5">
                  {course.what_you_learn.map((item) => (
                    <li className="col-12 col-md-6" key={item}>
                      <i className="bi bi-check2-circle text-success" aria-hidden="true" />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
                {course.target_audience.length > 0 && (
                  <>
                    <h3 className="h5 mb-3">Who this course is for</h3>
                    <ul className="course-audience mb-0">
                      {course.target_audience.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </>
                )}
              </Tab>
              <Tab eventKey="curriculum" title="Curriculum">
                <h2 className="h4 mb-2">Course content</h2>
                <Curriculum
                  sections={course.sections}
                  totalLessons={course.total_lessons}
                  totalDuration={course.total_video_duration}
                  onPreview={previewLesson}
                />
              </Tab>
              <Tab eventKey="description" title="Description">
                <h2 className="h4 mb-3">Description</h2>
                <ExpandableDescription html={course.course_description} />
              </Tab>
              <Tab eventKey="instructor" title="Instructor">
                <h2 className="h4 mb-4">Instructor</h2>
                <InstructorCard instructor={course.instructor} headingLevel="h3" />
              </Tab>
            </Tabs>
            <CourseReviews course={course} />
          </div>
        </div>
      </div>

      <VideoModal show={showVideo} onHide={() => setShowVideo(false)} title={video?.title ?? ''} url={video?.url} />
    </div>
  );
}
