import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { RoadmapStep } from '../../../shared/catalog';
import { useRoadmap } from '../../api/catalog';
import { useMembershipCourseIds } from '../../api/subscriptions';
import { CourseCard, CourseCardSkeleton } from '../../components/CourseCard';
import { EmptyState, ErrorState } from '../../components/States';
import { usePageMeta } from '../../lib/usePageMeta';
import './roadmap.scss';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Fills the timeline's progress line as the reader scrolls: the line grows to the point of the
 * viewport a little below its middle. Scroll and resize are read once per animation frame. With
 * reduced motion the line is simply shown full. Returns how many steps the line has reached.
 */
function useScrollProgress(timeline: RefObject<HTMLOListElement | null>, fill: RefObject<HTMLDivElement | null>, stepCount: number): number {
  const [reached, setReached] = useState(0);

  useEffect(() => {
    const list = timeline.current;
    const bar = fill.current;
    if (!list || !bar || stepCount === 0) return;
    if (prefersReducedMotion()) {
      bar.style.transform = 'scaleY(1)';
      setReached(stepCount);
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const rect = list.getBoundingClientRect();
      const anchor = window.innerHeight * 0.6;
      const progress = rect.height > 0 ? Math.min(1, Math.max(0, (anchor - rect.top) / rect.height)) : 0;
      bar.style.transform = `scaleY(${progress})`;
      const filledTo = rect.top + progress * rect.height;
      const nodes = list.querySelectorAll<HTMLElement>('.roadmap-node');
      let count = 0;
      nodes.forEach((node) => {
        const box = node.getBoundingClientRect();
        if (box.top + box.height / 2 <= filledTo + 1) count += 1;
      });
      setReached(count);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [timeline, fill, stepCount]);

  return reached;
}

function StepNote({ step }: { step: RoadmapStep }) {
  return (
    <div className="roadmap-note">
      <span className="roadmap-time">
        <i className="bi bi-clock-history me-2" aria-hidden="true" />
        {step.time_estimate}
      </span>
      <p className="mb-0 text-body-secondary">{step.note}</p>
    </div>
  );
}

function Timeline({ steps }: { steps: RoadmapStep[] }) {
  const included = useMembershipCourseIds();
  const listRef = useRef<HTMLOListElement | null>(null);
  const fillRef = useRef<HTMLDivElement | null>(null);
  const reached = useScrollProgress(listRef, fillRef, steps.length);

  return (
    <div className="roadmap-timeline">
      <div className="roadmap-track" aria-hidden="true">
        <div className="roadmap-fill" ref={fillRef} />
      </div>
      <ol className="list-unstyled mb-0" ref={listRef}>
        {steps.map((step, index) => (
          <li key={step.position} className={`roadmap-step ${index % 2 === 0 ? 'is-left' : 'is-right'} ${index < reached ? 'is-reached' : ''}`}>
            <span className="roadmap-node" aria-hidden="true">
              {index + 1}
            </span>
            <div className="roadmap-card">
              <p className="roadmap-step-label mb-2">Step {index + 1}</p>
              <CourseCard course={step.course} included={included.has(step.course.id)} />
            </div>
            <StepNote step={step} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function TimelineSkeleton() {
  return (
    <div className="roadmap-timeline" role="status" aria-label="Loading the roadmap">
      <div className="roadmap-track" aria-hidden="true" />
      <ol className="list-unstyled mb-0" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`roadmap-step ${i % 2 === 0 ? 'is-left' : 'is-right'}`}>
            <span className="roadmap-node" />
            <div className="roadmap-card">
              <CourseCardSkeleton />
            </div>
            <div className="roadmap-note">
              <div className="skeleton skeleton-text w-50 mb-3" />
              <div className="skeleton skeleton-text w-100 mb-2" />
              <div className="skeleton skeleton-text w-75" />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function RoadmapPage() {
  usePageMeta('roadmap');
  const { data, isPending, isError, refetch } = useRoadmap();
  const steps = [...(data ?? [])].sort((a, b) => a.position - b.position);

  return (
    <div className="roadmap-page">
      <section className="section roadmap-intro pb-4">
        <div className="container text-center">
          <p className="eyebrow mb-2">Learning roadmap</p>
          <h1 className="mb-3">From your first line of Python to shipping AI apps</h1>
          <p className="lead text-body-secondary mx-auto mb-4" style={{ maxWidth: 720 }}>
            Not sure where to start or what to learn next? Follow these eight courses in order. Each one builds on the last and ends with a project you can put
            in your portfolio.
          </p>
          <ul className="roadmap-facts list-unstyled d-flex flex-wrap justify-content-center gap-2 gap-md-3 mb-0">
            <li>
              <i className="bi bi-signpost-split" aria-hidden="true" /> 8 steps
            </li>
            <li>
              <i className="bi bi-calendar-week" aria-hidden="true" /> 1-2 weeks to 8 weeks per step
            </li>
            <li>
              <i className="bi bi-hourglass-split" aria-hidden="true" /> 2-3.5 hours a day
            </li>
          </ul>
        </div>
      </section>

      <section className="section pt-4" aria-labelledby="roadmap-steps-title">
        <div className="container">
          <h2 id="roadmap-steps-title" className="visually-hidden">
            The eight steps
          </h2>
          {isPending ? (
            <TimelineSkeleton />
          ) : isError ? (
            <ErrorState message="Failed to load the roadmap. Please try again." onRetry={() => void refetch()} />
          ) : steps.length === 0 ? (
            <EmptyState message="The roadmap is being updated. Browse the courses in the meantime." action={{ to: '/courses', label: 'Browse courses' }} />
          ) : (
            <Timeline steps={steps} />
          )}
        </div>
      </section>

      <section className="section pt-0">
        <div className="container">
          <div className="roadmap-join text-center">
            <i className="bi bi-flag-fill roadmap-join-icon" aria-hidden="true" />
            <h2 className="mb-2">Walk the whole path with one membership</h2>
            <p className="mb-4 mx-auto">Every course on this roadmap, plus every new course we publish, for one simple price. Cancel any time.</p>
            <Link to="/subscribe" className="btn btn-accent btn-lg">
              Join now
              <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
