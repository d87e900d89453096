import type { RegionPrices } from '../factories.js';

export type CategorySlug = 'python-django' | 'ai-machine-learning' | 'web-development';

/** A downloadable file under `src/server/db/seed/files/`; its size is read from disk at seed time. */
export interface ResourceRef {
  fileName: string;
  /** Relative to the seed files folder. */
  storagePath: string;
  contentType: string;
}

/** A video lesson written as [title, 'mm:ss']; its source comes from the course's video pool. */
export type VideoTuple = readonly [title: string, playback: string];

export interface LessonSpec {
  title: string;
  /** Playback (or reading) time, 'mm:ss'. */
  time: string;
  /** HTML body: makes this an Article lesson. */
  article?: string;
  /** An explicit YouTube or Vimeo address (otherwise taken from the course's pool). */
  video?: string;
  resource?: ResourceRef;
}

/** A quiz lesson: its questions with the correct options marked, a pass mark and a number of attempts (null: unlimited). */
export interface QuizSpec {
  title: string;
  /** Answering time, 'mm:ss'. */
  time: string;
  quiz: {
    passPercent: number;
    maxAttempts: number | null;
    questions: Array<{
      prompt: string;
      kind: 'single' | 'multiple' | 'true_false';
      options: Array<{ text: string; correct?: boolean }>;
      explanation?: string;
    }>;
  };
}

export type LessonEntry = VideoTuple | LessonSpec | QuizSpec;

export interface SectionSpec {
  title: string;
  lessons: LessonEntry[];
}

export interface CourseSpec {
  slug: string;
  title: string;
  subtitle: string;
  category: CategorySlug;
  complexity: 'Beginner' | 'Intermediate' | 'Advanced';
  courseType: 'free' | 'paid';
  /** A YouTube address, or null when the course has no intro video. */
  promoVideo: string | null;
  /** HTML: p, ul, li, strong, em, h3 only. */
  description: string;
  whatYouWillLearn: string[];
  targetAudience: string[];
  enrolledBaseline: number;
  /** How many of the first lessons are free previews (1-3). */
  previewCount: 1 | 2 | 3;
  /** Video addresses handed out to the video lessons in turn. */
  videoPool: readonly string[];
  /** Minor units; omitted for free courses. */
  prices?: RegionPrices;
  sections: SectionSpec[];
}
