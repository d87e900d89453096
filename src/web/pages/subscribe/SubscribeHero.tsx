import { useEffect, useState } from 'react';
import { subscriptionMessages as m } from '../../../shared/subscription-messages';
import { parseVideoUrl } from '../../../shared/video';
import { useCourse, useCourses } from '../../api/catalog';
import { useIsMember } from '../../api/subscriptions';
import { useHydrated } from '../../lib/hydrated';
import { scrollToPlans } from './scrollToPlans';

/** Shown when no paid course has a YouTube promo. */
const FALLBACK_VIDEO = 'https://www.youtube.com/watch?v=F5mRW0jo-U4';

/** The promo of the first paid course (YouTube or Vimeo), else a standing preview. */
function usePreviewVideo(): { src: string | null; title: string } {
  const courses = useCourses();
  const firstPaid = courses.data?.find((c) => c.course_type === 'paid');
  const detail = useCourse(firstPaid?.slug);
  const settled = courses.isError || (courses.isSuccess && (!firstPaid || detail.isSuccess || detail.isError));
  if (!settled) return { src: null, title: '' };
  const video = parseVideoUrl(detail.data?.promo_video) ?? parseVideoUrl(FALLBACK_VIDEO);
  return { src: video?.embedUrl ?? null, title: firstPaid?.title ?? 'a Lectern course' };
}

function PreviewVideo() {
  const video = usePreviewVideo();
  // The player is a page of YouTube's or Vimeo's: it is put in once this page has hydrated, so on a phone it never
  // competes with the first paint (the server's HTML keeps its place, so nothing moves when it comes).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="subscribe-video">
      <div className="ratio ratio-16x9">
        {video.src && hydrated ? (
          <iframe
            src={video.src}
            title={`Course preview: ${video.title}`}
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <div className="skeleton" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

/** 'Subscribe Now' scrolls to the plans; a current member sees 'Already Subscribed', disabled. */
function HeroButton() {
  const member = useIsMember();
  // Scrolls through React: disabled on the server's HTML until the page has hydrated.
  const hydrated = useHydrated();
  if (member)
    return (
      <button type="button" className="btn btn-accent btn-lg" disabled>
        <i className="bi bi-check2-circle me-2" aria-hidden="true" />
        {m.alreadySubscribed}
      </button>
    );
  return (
    <button type="button" className="btn btn-accent btn-lg" disabled={!hydrated} onClick={scrollToPlans}>
      {m.subscribeNow}
      <i className="bi bi-arrow-down ms-2" aria-hidden="true" />
    </button>
  );
}

/** The membership's pitch, the way to the plans, and a course's preview video. */
export function SubscribeHero() {
  return (
    <section className="section subscribe-hero">
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-12 col-lg-5">
            <p className="eyebrow mb-3">Lectern membership</p>
            <h1 className="mb-3">Every course. One membership.</h1>
            <p className="lead text-body-secondary mb-4">
              Get unlimited access to every premium project-based course, plus every new course we release while you are a member.
            </p>
            <HeroButton />
            <ul className="list-unstyled subscribe-perks mt-4 mb-0">
              <li>
                <i className="bi bi-check2-circle" aria-hidden="true" /> All premium courses and future releases
              </li>
              <li>
                <i className="bi bi-check2-circle" aria-hidden="true" /> Source code and resources for every project
              </li>
              <li>
                <i className="bi bi-check2-circle" aria-hidden="true" /> Certificates of completion
              </li>
            </ul>
          </div>
          <div className="col-12 col-lg-7">
            <PreviewVideo />
          </div>
        </div>
      </div>
    </section>
  );
}
