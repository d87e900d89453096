import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestionPage, AdminQuestionQuery, ContactMessageItem, ContactMessagePage } from '../../shared/inbox';
import type { Question } from '../../shared/learning';
import { adminKeys } from './admin';
import { ApiError, apiFetch } from './client';

export type QuestionFilters = Omit<AdminQuestionQuery, 'page' | 'page_size'>;
export type MessageFilters = { handled?: boolean | undefined };

const A = '/admin';
const retryServerErrors = (count: number, error: unknown) => count < 1 && !(error instanceof ApiError && error.status < 500);

export const inboxKeys = {
  questions: () => [...adminKeys.all, 'questions'] as const,
  questionPage: (filters: QuestionFilters, page: number) => [...inboxKeys.questions(), filters, page] as const,
  messages: () => [...adminKeys.all, 'contact-messages'] as const,
  messagePage: (filters: MessageFilters, page: number) => [...inboxKeys.messages(), filters, page] as const,
};

const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

export const QUESTIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;

export const inboxQueries = {
  questions: (filters: QuestionFilters, page: number) =>
    queryOptions({
      queryKey: inboxKeys.questionPage(filters, page),
      queryFn: ({ signal }) =>
        apiFetch<AdminQuestionPage>(`${A}/questions/`, {
          query: { answered: flag(filters.answered), course_id: filters.course_id, page, page_size: QUESTIONS_PAGE_SIZE },
          signal,
        }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),

  /** How many questions wait for an answer (the studio's nav badge): one row's worth of work. */
  unansweredCount: () =>
    queryOptions({
      queryKey: inboxKeys.questionPage({ answered: false }, 0),
      queryFn: ({ signal }) => apiFetch<AdminQuestionPage>(`${A}/questions/`, { query: { answered: 'false', page: 1, page_size: 1 }, signal }),
      select: (page) => page.unanswered,
      retry: retryServerErrors,
      staleTime: 60_000,
    }),

  /** How many contact messages wait to be handled (the studio's nav badge). */
  unhandledCount: () =>
    queryOptions({
      queryKey: inboxKeys.messagePage({ handled: false }, 0),
      queryFn: ({ signal }) => apiFetch<ContactMessagePage>(`${A}/contact-messages/`, { query: { handled: 'false', page: 1, page_size: 1 }, signal }),
      select: (page) => page.unhandled,
      retry: retryServerErrors,
      staleTime: 60_000,
    }),

  messages: (filters: MessageFilters, page: number) =>
    queryOptions({
      queryKey: inboxKeys.messagePage(filters, page),
      queryFn: ({ signal }) =>
        apiFetch<ContactMessagePage>(`${A}/contact-messages/`, { query: { handled: flag(filters.handled), page, page_size: MESSAGES_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
};

/** POST /admin/questions/:id/answers/: the student is emailed; the inbox, badge and audit log refresh. */
export function useAnswerQuestion(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string }) => apiFetch<Question>(`${A}/questions/${questionId}/answers/`, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.questions() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

/** PATCH /admin/contact-messages/:id/: handled or back to waiting. */
export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      apiFetch<ContactMessageItem>(`${A}/contact-messages/${id}/`, { method: 'PATCH', body: { handled } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
