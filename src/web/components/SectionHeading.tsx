/**
 * A storefront section's heading: the eyebrow, the title (an h2 a "jump to" link can focus) and an
 * optional subtitle, centred unless it sits beside the section's content.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  center = true,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  center?: boolean;
}) {
  return (
    <div className={center ? 'section-heading text-center mx-auto' : 'section-heading'}>
      <p className="eyebrow mb-2">{eyebrow}</p>
      <h2 id={id} className="section-title" tabIndex={-1}>
        {title}
      </h2>
      {subtitle && <p className={center ? 'section-subtitle mx-auto' : 'section-subtitle'}>{subtitle}</p>}
    </div>
  );
}
