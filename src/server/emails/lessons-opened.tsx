import { formatPersonName, toTitleCase } from '../../shared/text.js';
import { EmailLayout, renderEmail, type RenderedEmail } from './render.js';

/** The day's digest of dripped lessons that opened for a student (at most one a day). */
export function lessonsOpenedEmail(input: { name: string; courses: { title: string; url: string; lessons: string[] }[] }): RenderedEmail {
  const name = formatPersonName(input.name);
  const count = input.courses.reduce((n, c) => n + c.lessons.length, 0);
  const subject = count === 1 ? 'A new lesson is open for you' : `${count} new lessons are open for you`;
  const element = (
    <EmailLayout title={subject}>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>Hi {name}, new lessons are open</h1>
      {input.courses.map((course) => (
        <div key={course.url} style={{ marginBottom: 16 }}>
          <p style={{ fontWeight: 600, margin: '0 0 8px' }}>{course.title}</p>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {course.lessons.map((lesson) => (
              <li key={lesson}>{toTitleCase(lesson)}</li>
            ))}
          </ul>
          <p style={{ margin: '8px 0 0' }}>
            <a href={course.url}>Continue the course</a>
          </p>
        </div>
      ))}
    </EmailLayout>
  );
  const text = input.courses.map((c) => `${c.title}\n${c.lessons.map((l) => `- ${toTitleCase(l)}`).join('\n')}\n${c.url}`).join('\n\n');
  return renderEmail(subject, element, `Hi ${name},\n\nNew lessons are open:\n\n${text}\n`);
}
