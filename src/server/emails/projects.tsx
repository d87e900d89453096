import { formatPersonName } from '../../shared/text.js';
import { EmailButton, EmailLayout, renderEmail, type RenderedEmail } from './render.js';

interface Base {
  name: string;
  projectTitle: string;
  courseTitle: string;
  /** The student's projects page. */
  url: string;
}

/** A submission or resubmission arrived: it waits for the instructor's review. */
export function submissionReceivedEmail(input: Base & { round: number }): RenderedEmail {
  const name = formatPersonName(input.name);
  const what = input.round > 1 ? 'resubmission' : 'submission';
  const subject = `We received your ${what}: ${input.projectTitle}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Thanks, {name}</h1>
      <p>
        Your {what} of <strong>{input.projectTitle}</strong> ({input.courseTitle}) is in the review queue. The instructor reviews every project personally; you
        will get an email as soon as it is decided.
      </p>
      <EmailButton href={input.url}>Follow your project</EmailButton>
    </EmailLayout>
  );
  return renderEmail(
    subject,
    element,
    `Hi ${name},\n\nYour ${what} of "${input.projectTitle}" (${input.courseTitle}) is in the review queue. You will get an email as soon as it is decided.\n\n${input.url}\n`,
  );
}

interface Decided extends Base {
  feedback: string;
  criteria: { criterion: string; met: boolean; comment: string }[];
}

function CriteriaList({ criteria }: { criteria: Decided['criteria'] }) {
  if (!criteria.length) return null;
  return (
    <ul style={{ paddingLeft: 20 }}>
      {criteria.map((c) => (
        <li key={c.criterion} style={{ marginBottom: 8 }}>
          <strong>{c.met ? 'Met' : 'Not yet'}</strong>: {c.criterion}
          {c.comment ? <div style={{ color: '#4b5563' }}>{c.comment}</div> : null}
        </li>
      ))}
    </ul>
  );
}

const criteriaText = (criteria: Decided['criteria']) =>
  criteria.map((c) => `- ${c.met ? 'Met' : 'Not yet'}: ${c.criterion}${c.comment ? `\n  ${c.comment}` : ''}`).join('\n');

/** The reviewer asked for changes: the feedback, criterion by criterion, and how to resubmit. */
export function changesRequestedEmail(input: Decided): RenderedEmail {
  const name = formatPersonName(input.name);
  const subject = `Changes requested: ${input.projectTitle}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Hi {name}, a few changes first</h1>
      <p>
        The instructor reviewed <strong>{input.projectTitle}</strong> ({input.courseTitle}) and asks for changes before it can be approved.
      </p>
      {input.feedback ? <div style={{ whiteSpace: 'pre-wrap', background: '#f9fafb', borderRadius: 8, padding: 16 }}>{input.feedback}</div> : null}
      <CriteriaList criteria={input.criteria} />
      <EmailButton href={input.url}>Resubmit your project</EmailButton>
    </EmailLayout>
  );
  return renderEmail(
    subject,
    element,
    `Hi ${name},\n\nThe instructor reviewed "${input.projectTitle}" (${input.courseTitle}) and asks for changes.\n\n${input.feedback}\n\n${criteriaText(input.criteria)}\n\nResubmit: ${input.url}\n`,
  );
}

/** Approved: the letter's public page. */
export function approvedEmail(input: Base & { letterUrl: string }): RenderedEmail {
  const name = formatPersonName(input.name);
  const subject = `Approved: your pre-experience letter for ${input.projectTitle}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Congratulations, {name}</h1>
      <p>
        The instructor approved <strong>{input.projectTitle}</strong> ({input.courseTitle}). Your pre-experience letter is issued: anyone you share its link
        with can verify it.
      </p>
      <EmailButton href={input.letterUrl}>See your letter</EmailButton>
    </EmailLayout>
  );
  return renderEmail(
    subject,
    element,
    `Hi ${name},\n\nThe instructor approved "${input.projectTitle}" (${input.courseTitle}). Your pre-experience letter: ${input.letterUrl}\n`,
  );
}

/** Not approved: the reasons. */
export function notApprovedEmail(input: Decided): RenderedEmail {
  const name = formatPersonName(input.name);
  const subject = `Not approved: ${input.projectTitle}`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Hi {name}</h1>
      <p>
        The instructor reviewed <strong>{input.projectTitle}</strong> ({input.courseTitle}) and could not approve it.
      </p>
      {input.feedback ? <div style={{ whiteSpace: 'pre-wrap', background: '#f9fafb', borderRadius: 8, padding: 16 }}>{input.feedback}</div> : null}
      <CriteriaList criteria={input.criteria} />
      <EmailButton href={input.url}>See the review</EmailButton>
    </EmailLayout>
  );
  return renderEmail(
    subject,
    element,
    `Hi ${name},\n\nThe instructor reviewed "${input.projectTitle}" (${input.courseTitle}) and could not approve it.\n\n${input.feedback}\n\n${criteriaText(input.criteria)}\n\n${input.url}\n`,
  );
}
