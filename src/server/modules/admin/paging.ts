import { MAX_OFFSET, type PageQuery } from '../../../shared/admin.js';
import { AppError } from '../../errors.js';

/** limit/offset for a page; past MAX_OFFSET rows the list asks for narrower filters. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  const offset = (query.page - 1) * query.page_size;
  if (offset > MAX_OFFSET) throw AppError.fields({ page: [`Only the first ${MAX_OFFSET} rows can be paged through: narrow the filters or export CSV.`] });
  return { limit: query.page_size, offset };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` inclusive, `to` exclusive; a bare date as `to` covers that whole day (UTC). */
export function rangeOf(query: { from?: string | undefined; to?: string | undefined }): { from: Date | undefined; to: Date | undefined } {
  const from = query.from ? new Date(query.from) : undefined;
  let to = query.to ? new Date(query.to) : undefined;
  if (to && query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to)) to = new Date(to.getTime() + DAY_MS);
  if (from && to && from >= to) throw AppError.fields({ to: ['The end of the range must be after its start.'] });
  return { from, to };
}
