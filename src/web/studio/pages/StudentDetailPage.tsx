import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { adminErrorText } from '../../api/admin';
import { peopleQueries, useBlockStudent, useResendVerification, useRevokeEnrolment } from '../../api/adminPeople';
import { Breadcrumb } from '../../components/Breadcrumb';
import { SubmitButton } from '../../components/form/SubmitButton';
import { ErrorState } from '../../components/States';
import { PeopleBadge, Section } from '../components/lists';
import { notify } from '../components/notify';
import { CardSkeleton, formatDateTime, PageHeader, useConfirm, useStudioTitle } from '../components/ui';
import { CompDialog, EnrolDialog } from '../students/StudentDialogs';
import { EnrolmentsSection, MembershipsSection, OrdersSection, QuestionsSection, QuizAttemptsSection } from '../students/StudentSections';

/** /admin/students/:userId: orders, enrolments and progress, membership, questions; enrol, revoke, comp, verify, block. */
export default function StudentDetailPage() {
  const id = Number(useParams().userId);
  const valid = Number.isInteger(id) && id > 0;
  const student = useQuery({ ...peopleQueries.student(id), enabled: valid });
  useStudioTitle(student.data ? student.data.full_name || student.data.email : 'Student');
  const revoke = useRevokeEnrolment(id);
  const block = useBlockStudent(id);
  const resend = useResendVerification(id);
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<'enrol' | 'comp' | null>(null);

  if (!valid) return <ErrorState message="Not found: it may have been deleted." />;
  if (student.isPending) return <CardSkeleton lines={8} label="Loading the student" />;
  if (student.isError) return <ErrorState message={adminErrorText(student.error)} onRetry={() => void student.refetch()} />;
  const s = student.data;
  const name = s.full_name || s.email;

  const askRevoke = (courseId: number, title: string) =>
    confirm.ask(
      {
        title: `Revoke access to ${title}?`,
        body: <p className="mb-0">{name} can no longer open this course. Their progress is kept should they be enrolled again; nothing is refunded.</p>,
        confirmLabel: 'Revoke access',
        busyLabel: 'Revoking...',
      },
      async () => {
        await revoke.mutateAsync(courseId);
        notify(`Revoked access to ${title}.`);
      },
    );
  const askBlock = () =>
    confirm.ask(
      {
        title: `Block ${name} from signing in?`,
        body: <p className="mb-0">They are signed out everywhere at once and cannot sign in until you unblock them. Their orders and enrolments are kept.</p>,
        confirmLabel: 'Block sign-in',
        busyLabel: 'Blocking...',
      },
      async () => {
        await block.mutateAsync(true);
        notify(`${name} can no longer sign in.`);
      },
    );
  const unblock = () =>
    block.mutate(false, {
      onSuccess: () => notify(`${name} can sign in again.`),
      onError: (error) => notify(adminErrorText(error), 'error'),
    });
  const resendLink = () =>
    resend.mutate(undefined, {
      onSuccess: (result) => notify(result.detail),
      onError: (error) => notify(adminErrorText(error), 'error'),
    });

  return (
    <>
      <PageHeader
        title={
          <>
            {name} {s.blocked && <PeopleBadge state="blocked" />}
          </>
        }
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => setDialog('enrol')}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Enrol in a course
            </button>
            <button type="button" className="btn btn-light border" onClick={() => setDialog('comp')}>
              <i className="bi bi-gift me-1" aria-hidden="true" />
              Give membership
            </button>
            {s.blocked ? (
              <SubmitButton type="button" className="btn btn-light border" icon="bi-unlock" busy={block.isPending} busyLabel="Please wait..." onClick={unblock}>
                Unblock sign-in
              </SubmitButton>
            ) : (
              !s.is_admin && (
                <button type="button" className="btn btn-outline-danger" onClick={askBlock}>
                  <i className="bi bi-slash-circle me-1" aria-hidden="true" />
                  Block sign-in
                </button>
              )
            )}
          </>
        }
      >
        <Breadcrumb trail={[{ label: 'Students', to: '/admin/students' }]} current={name} className="small mb-1" />
      </PageHeader>
      {confirm.dialog}
      <EnrolDialog studentId={id} name={name} enrolled={s.enrolments.map((e) => e.course_id)} show={dialog === 'enrol'} onHide={() => setDialog(null)} />
      <CompDialog studentId={id} name={name} show={dialog === 'comp'} onHide={() => setDialog(null)} />
      <div className="row g-3">
        <div className="col-12 col-lg-7">
          <EnrolmentsSection student={s} onRevoke={askRevoke} />
          <OrdersSection student={s} />
        </div>
        <div className="col-12 col-lg-5">
          <Section id="student-account" title="Account">
            <dl className="row mb-0 small">
              <dt className="col-4 fw-normal text-body-secondary">Email</dt>
              <dd className="col-8 text-break">
                <a href={`mailto:${s.email}`}>{s.email}</a>
              </dd>
              <dt className="col-4 fw-normal text-body-secondary">Verified</dt>
              <dd className="col-8">
                {s.is_verified ? (
                  'Yes'
                ) : (
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    Not yet
                    <SubmitButton type="button" className="btn btn-sm btn-light border" busy={resend.isPending} busyLabel="Sending..." onClick={resendLink}>
                      Resend verification
                    </SubmitButton>
                  </div>
                )}
              </dd>
              <dt className="col-4 fw-normal text-body-secondary">Sign-in</dt>
              <dd className="col-8">{s.blocked ? `Blocked ${formatDateTime(s.blocked_at)}` : 'Allowed'}</dd>
              <dt className="col-4 fw-normal text-body-secondary">Phone</dt>
              <dd className="col-8">{s.phone_number || '—'}</dd>
              <dt className="col-4 fw-normal text-body-secondary">Country</dt>
              <dd className="col-8">{s.country || '—'}</dd>
              <dt className="col-4 fw-normal text-body-secondary">Joined</dt>
              <dd className="col-8 mb-0">{formatDateTime(s.created_at)}</dd>
            </dl>
          </Section>
          <MembershipsSection student={s} />
          <QuestionsSection student={s} />
          <QuizAttemptsSection student={s} />
        </div>
      </div>
    </>
  );
}
