import type { ComponentProps } from 'react';
import { parseVideoUrl } from '../../../shared/video';
import { TextField } from '../../components/form/Field';

/** A YouTube or Vimeo address, checked as it is typed with the one parser (src/shared/video.ts). */
export function VideoUrlField({
  id,
  label,
  error,
  value,
  wrapperClassName,
  ...input
}: { id: string; label: string; error?: string; value: string | null | undefined; wrapperClassName?: string } & Omit<ComponentProps<'input'>, 'value'>) {
  const video = value ? parseVideoUrl(value) : null;
  const hint = !value ? 'A YouTube or Vimeo address.' : video ? `${video.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video ${video.id}` : undefined;
  return (
    <TextField
      id={id}
      label={label}
      type="url"
      inputMode="url"
      maxLength={500}
      placeholder="https://www.youtube.com/watch?v=..."
      error={error ?? (value && !video ? 'Not a YouTube or Vimeo video address yet.' : undefined)}
      hint={
        hint &&
        (video ? (
          <span className="text-success">
            <i className="bi bi-check-circle me-1" aria-hidden="true" />
            {hint}
          </span>
        ) : (
          hint
        ))
      }
      wrapperClassName={wrapperClassName}
      {...input}
    />
  );
}

/** Lower-case letters, digits and single dashes, from a title. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
