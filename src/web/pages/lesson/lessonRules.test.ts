import { describe, expect, it } from 'vitest';
import { applyLessonCompletion } from '../../api/learning';
import { makeCourse, makeLesson } from './fixtures';
import { toTitleCase } from '../../../shared/text';
import { findLesson, isLessonLocked, lessonLabel } from './lessonRules';

describe('lesson titles', () => {
  it('title-cases every word, keeping short joining words low and written capitals as they are', () => {
    expect(toTitleCase('welcome and how this course works')).toBe('Welcome and How This Course Works');
    expect(toTitleCase('installing python and VS Code on windows')).toBe('Installing Python and VS Code on Windows');
    expect(toTitleCase('Installing Python on Windows, macOS and Linux')).toBe('Installing Python on Windows, macOS and Linux');
    expect(toTitleCase('the basics: a tour of the standard library')).toBe('The Basics: A Tour of the Standard Library');
    expect(toTitleCase('naming and style: PEP 8 in five minutes')).toBe('Naming and Style: PEP 8 in Five Minutes');
    expect(toTitleCase('what to look for')).toBe('What to Look For');
    expect(toTitleCase('strings: slicing, methods and f-strings')).toBe('Strings: Slicing, Methods and F-strings');
  });

  it("labels a lesson 'Lesson {global order}: {Title}'", () => {
    expect(lessonLabel({ global_order: 12, lesson_title: 'dictionaries for lookups and counting' })).toBe('Lesson 12: Dictionaries for Lookups and Counting');
  });
});

describe('the locked rule', () => {
  const premium = makeLesson(2, 'serializers', { enable_preview: false, is_locked: false, video_source: null });

  it("renders the server's answer: a lesson it withheld is locked, one it sent is open", () => {
    expect(isLessonLocked({ ...premium, is_locked: true })).toBe(true);
    expect(isLessonLocked({ ...premium, is_locked: false })).toBe(false);
  });
});

describe('finding the lesson from the address', () => {
  const course = makeCourse();
  const third = course.sections[1]!.lessons[0]!;

  it('accepts uuids or numeric ids, and falls back to the first lesson of the first section', () => {
    expect(findLesson(course, 'section-2', third.uuid)?.lesson.id).toBe(3);
    expect(findLesson(course, '2', '3')?.lesson.id).toBe(3);
    expect(findLesson(course, 'nope', '3')?.lesson.id).toBe(3);
    expect(findLesson(course)?.lesson.id).toBe(1);
    expect(findLesson(course, 'section-2', 'missing')?.lesson.id).toBe(1);
  });
});

describe('lesson completion counts', () => {
  it('marks the lesson, recounts its section and grows the course total only the first time', () => {
    const course = makeCourse({ course_status: 'enrolled' });
    const uuid = course.sections[1]!.lessons[1]!.uuid;
    const once = applyLessonCompletion(course, uuid, true);
    expect(once.completed_total_lessons).toBe(1);
    expect(once.sections[1]!.completed_lessons).toBe(1);
    expect(once.sections[1]!.lessons[1]!.completed_status).toBe(true);
    expect(once.sections[0]!.completed_lessons).toBe(0);
    expect(once.course_status).toBe('in_progress');
    expect(once.student_progress).toBe(25);

    const twice = applyLessonCompletion(once, uuid, true);
    expect(twice.completed_total_lessons).toBe(1);
    expect(twice.sections[1]!.completed_lessons).toBe(1);

    expect(applyLessonCompletion(once, 'unknown-lesson', true)).toBe(once);
  });

  it('unmarks a lesson: the total shrinks only if it was completed', () => {
    const course = makeCourse({ course_status: 'in_progress' });
    const uuid = course.sections[0]!.lessons[1]!.uuid;
    const done = applyLessonCompletion(course, uuid, true);
    const undone = applyLessonCompletion(done, uuid, false);
    expect(undone.completed_total_lessons).toBe(0);
    expect(undone.sections[0]!.completed_lessons).toBe(0);
    expect(undone.sections[0]!.lessons[1]!.completed_status).toBe(false);
    expect(undone.student_progress).toBe(0);
    expect(applyLessonCompletion(undone, uuid, false).completed_total_lessons).toBe(0);
  });

  it("takes the server's status and percent when it sends them", () => {
    const course = makeCourse({ course_status: 'in_progress', completed_total_lessons: 3, student_progress: 75 });
    const last = course.sections[1]!.lessons[1]!.uuid;
    const done = applyLessonCompletion(course, last, true, { course_status: 'completed', student_progress: 100 });
    expect(done.completed_total_lessons).toBe(4);
    expect(done.course_status).toBe('completed');
    expect(done.student_progress).toBe(100);
  });
});
