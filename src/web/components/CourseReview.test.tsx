import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ReviewPager, StarsFilter } from './CourseReview';

// Both sit on server-rendered pages (a course's reviews, /course-reviews): a choice made on the server's
// HTML would be set back, or lost, when React hydrates it.
describe('the reviews filter and pager', () => {
  it("are disabled in the server's HTML", () => {
    const filter = renderToString(<StarsFilter id="stars" value={undefined} onChange={() => undefined} />);
    expect(/<select[^>]*>/.exec(filter)?.[0]).toContain('disabled=""');
    const pager = renderToString(<ReviewPager page={2} count={30} pageSize={10} onPage={() => undefined} />);
    const buttons = pager.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toContain('disabled=""');
  });

  it('filter and turn pages once the browser renders them', () => {
    const onChange = vi.fn();
    const onPage = vi.fn();
    render(
      <>
        <StarsFilter id="stars" value={undefined} onChange={onChange} />
        <ReviewPager page={2} count={30} pageSize={10} onPage={onPage} />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    expect(onChange).toHaveBeenCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('still stop at the first and last page', () => {
    render(<ReviewPager page={1} count={30} pageSize={10} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Older' })).toBeEnabled();
  });
});
