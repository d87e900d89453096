import type { ReactNode } from 'react';

interface ProgressRingProps {
  /** 0-100 */
  percent: number;
  size?: number;
  stroke?: number;
  /** What the ring means, read by screen readers ('3 of 32 lessons complete'); without it the ring is decorative. */
  label?: string;
  /** Shown in the middle; the rounded percent by default. */
  children?: ReactNode;
  className?: string;
}

/** A circular progress indicator drawn in SVG (track plus arc, starting at 12 o'clock). */
export function ProgressRing({ percent, size = 44, stroke = 4, label, children, className = '' }: ProgressRingProps) {
  const value = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <span
      className={`progress-ring ${className}`}
      style={{ position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: size, height: size, flexShrink: 0 }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="currentColor" strokeOpacity={0.18} strokeWidth={stroke} />
        <circle
          className="progress-ring-arc"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span
        className="progress-ring-text"
        style={{ position: 'absolute', fontSize: Math.max(10, Math.round(size * 0.26)), fontWeight: 700, lineHeight: 1 }}
        aria-hidden="true"
      >
        {children ?? `${Math.round(value)}%`}
      </span>
    </span>
  );
}
