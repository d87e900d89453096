import { useSiteFigures } from '../../api/site';
import { SectionHeading } from '../../components/SectionHeading';
import { useHydrated } from '../../lib/hydrated';
import { scrollToPlans } from './scrollToPlans';

const journey = [
  { icon: 'bi-play-btn', title: 'Learn', text: 'Short, focused video lessons that explain the why as well as the how, at your own pace.' },
  { icon: 'bi-terminal', title: 'Practice', text: 'Build real projects step by step, with source code and resources for every lesson.' },
  { icon: 'bi-rocket-takeoff', title: 'Deploy', text: 'Put your work online, add it to your portfolio and earn a pre-experience letter.' },
];

/** The claims under the journey, in the spec's order; each value is the server's (Settings, else what the database knows). */
const stats = [
  { key: 'students', label: 'Students' },
  { key: 'courses', label: 'Courses' },
  { key: 'hours', label: 'Hours of content' },
  { key: 'rating', label: 'Average rating' },
  { key: 'success', label: 'Success rate' },
] as const;

const mastery = [
  {
    icon: 'bi-filetype-py',
    title: 'Python & Django back ends',
    points: ['Clean, tested Python', 'Django models, views and admin', 'Authentication and payments', 'PostgreSQL in production'],
  },
  {
    icon: 'bi-braces',
    title: 'REST APIs & modern front ends',
    points: ['Django REST Framework', 'JWT auth and permissions', 'React front ends that consume your API', 'Docs with OpenAPI'],
  },
  {
    icon: 'bi-robot',
    title: 'AI & machine learning apps',
    points: ['NumPy, pandas and scikit-learn', 'Training and evaluating models', 'LLM-powered features', 'Shipping models behind an API'],
  },
];

/** How a course works (learn, practice, deploy) and the numbers behind it. */
export function JourneySection() {
  // A figure the server answers null (nothing to count yet) is left out.
  const figures = useSiteFigures().data?.subscribe;
  const shown = figures ? stats.flatMap((s) => (figures[s.key] ? [{ ...s, value: figures[s.key] }] : [])) : [];
  return (
    <section className="section" aria-labelledby="journey-title">
      <div className="container">
        <SectionHeading
          id="journey-title"
          eyebrow="How it works"
          title="Learn, practice, deploy"
          subtitle="Every course follows the same loop, so you finish with skills and a project, not just notes."
        />
        <ol className="journey list-unstyled row g-4 mb-5">
          {journey.map((step, index) => (
            <li className="col-12 col-md-4" key={step.title}>
              <div className="journey-step h-100">
                <span className="icon-tile" aria-hidden="true">
                  <i className={`bi ${step.icon}`} />
                </span>
                <h3 className="h5 mt-3 mb-2">
                  <span className="journey-index">{String(index + 1).padStart(2, '0')}</span> {step.title}
                </h3>
                <p className="text-body-secondary mb-0">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        {shown.length > 0 && (
          <ul className="subscribe-stats list-unstyled mb-0">
            {shown.map((stat) => (
              <li key={stat.key}>
                <strong>{stat.value}</strong>
                <span>{stat.label}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The three tracks a member masters, and the way back to the plans. */
export function MasterySection() {
  // 'See plans' scrolls through React: disabled on the server's HTML until the page has hydrated.
  const hydrated = useHydrated();
  return (
    <section className="section section-soft" aria-labelledby="master-title">
      <div className="container">
        <SectionHeading
          id="master-title"
          eyebrow="Curriculum"
          title="What You'll Master"
          subtitle="Three tracks that take you from fundamentals to production-ready software."
        />
        <div className="row g-4">
          {mastery.map((track) => (
            <div className="col-12 col-md-4" key={track.title}>
              <article className="card master-card h-100">
                <div className="card-body">
                  <span className="icon-tile" aria-hidden="true">
                    <i className={`bi ${track.icon}`} />
                  </span>
                  <h3 className="h5 mt-3 mb-3">{track.title}</h3>
                  <ul className="list-unstyled mb-0 master-points">
                    {track.points.map((point) => (
                      <li key={point}>
                        <i className="bi bi-check2" aria-hidden="true" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            </div>
          ))}
        </div>
        <div className="text-center mt-5">
          <button type="button" className="btn btn-primary btn-lg" disabled={!hydrated} onClick={scrollToPlans}>
            See plans
          </button>
        </div>
      </div>
    </section>
  );
}
