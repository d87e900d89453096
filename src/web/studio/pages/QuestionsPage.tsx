import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminQuestionQuerySchema } from '../../../shared/inbox';
import { adminErrorText } from '../../api/admin';
import { inboxQueries, QUESTIONS_PAGE_SIZE } from '../../api/inbox';
import { EmptyState, ErrorState } from '../../components/States';
import { CourseFilter } from '../components/filters';
import { nextParams } from '../components/listParams';
import { CardSkeleton, PageHeader, Pager, useStudioTitle } from '../components/ui';
import { QuestionCard } from '../inbox/QuestionCard';
import { StatusFilter } from '../inbox/StatusFilter';

type Show = 'all' | 'waiting' | 'answered';
const answeredOf: Record<Show, boolean | undefined> = { all: undefined, waiting: false, answered: true };

/** /admin/questions: every student's question across the courses, unanswered first, answered inline. */
export default function QuestionsPage() {
  useStudioTitle('Questions');
  const [params, setParams] = useSearchParams();
  const show: Show = params.get('show') === 'waiting' || params.get('show') === 'answered' ? (params.get('show') as Show) : 'all';
  const parsed = adminQuestionQuerySchema.safeParse({ course_id: params.get('course') || undefined, page: params.get('page') || undefined });
  const { page, course_id } = parsed.success ? parsed.data : { page: 1, course_id: undefined };
  const list = useQuery(inboxQueries.questions({ answered: answeredOf[show], course_id }, page));
  const update = (changes: Record<string, string | undefined>) => setParams(nextParams(params, changes), { replace: true });
  const waiting = list.data?.unanswered;

  return (
    <div style={{ maxWidth: 900 }}>
      <PageHeader title="Questions" />
      <p className="small text-body-secondary mb-3" style={{ marginTop: '-0.5rem' }}>
        {waiting === undefined
          ? 'Students’ questions from every course.'
          : waiting === 0
            ? 'Every question has an answer.'
            : `${waiting} waiting for an answer.`}
      </p>
      <div className="studio-card p-3 mb-3 d-flex flex-wrap align-items-end gap-3" role="search" aria-label="Filter the questions">
        <StatusFilter<Show>
          label="Which questions"
          value={show}
          onChange={(value) => update({ show: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: 'All' },
            { value: 'waiting', label: 'Waiting', count: waiting },
            { value: 'answered', label: 'Answered' },
          ]}
        />
        <CourseFilter
          id="questions-course"
          className="ms-md-auto"
          value={course_id}
          onChange={(course) => update({ course })}
          style={{ flex: '1 1 14rem', maxWidth: '22rem' }}
        />
      </div>
      {list.isPending ? (
        <CardSkeleton lines={6} label="Loading the questions" />
      ) : list.isError ? (
        <ErrorState message={adminErrorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState
          message={
            show === 'waiting' ? 'No question is waiting: every one has an answer.' : 'No questions here yet. Students ask them from a lesson or the Q&A page.'
          }
        />
      ) : (
        <div aria-busy={list.isFetching}>
          {list.data.results.map((question) => (
            <QuestionCard key={question.id} question={question} />
          ))}
          <Pager
            page={page}
            hasNext={page * QUESTIONS_PAGE_SIZE < list.data.count}
            onPage={(p) => update({ page: String(p) })}
            summary={`${list.data.count} question${list.data.count === 1 ? '' : 's'}`}
          />
        </div>
      )}
    </div>
  );
}
