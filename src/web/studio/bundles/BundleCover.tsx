/** A bundle's cover at 16:9, or a placeholder when it has none yet (decorative: the title is beside it). */
export function BundleCover({ src, width, className = '' }: { src: string; width: number; className?: string }) {
  const height = Math.round((width * 9) / 16);
  return src ? (
    <img src={src} alt="" width={width} height={height} className={`bundle-cover rounded border object-fit-cover flex-shrink-0 ${className}`} loading="lazy" />
  ) : (
    <span
      className={`bundle-cover rounded border bg-body-tertiary d-inline-flex align-items-center justify-content-center text-body-secondary flex-shrink-0 ${className}`}
      style={{ width, height }}
      aria-hidden="true"
    >
      <i className="bi bi-collection" />
    </span>
  );
}
