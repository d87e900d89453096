/**
 * The demo catalog's students and what they wrote about the courses they took. Every review is a
 * real row by one of these students, enrolled in the course with lessons completed, so the course
 * cards' average and count are computed from them like any student's review.
 */

/** Names as the students typed them (a few in lower case: the one name rule writes them). */
export const demoStudents: string[] = [
  'Aarav Mehta',
  'Sofia Rossi',
  'james whitaker',
  'Priya Nair',
  'Lukas Becker',
  'Chen Wei',
  'Fatima Zahra',
  'Oliver Bennett',
  'ananya iyer',
  'Mateo García',
  'Hannah Schmidt',
  'Kwame Mensah',
  'Isabella Costa',
  'Rohan Kapoor',
  'Emma Johansson',
  'Yusuf Demir',
  'Grace O’Connor',
  'Arjun Reddy',
  'Mei Tanaka',
  'Noah Williams',
  'Zara Ahmed',
  'Thomas Dubois',
  'Lakshmi Subramanian',
  'Ethan Brooks',
  'Chiara Bianchi',
  'Vikram Singh',
  'Amelia Clarke',
  'Diego Fernández',
  'Nadia Petrova',
  'Samuel Adeyemi',
  'Ines Moreau',
  'kabir malhotra',
  'Leah Cohen',
  'Marcus Lee',
  'Olivia Martin',
  'Ravi Shankar',
];

export interface DemoReview {
  rating: number;
  /** Plain text; '' for stars only. */
  review: string;
}

/** What students wrote, with their stars; handed out to the courses in turn. */
export const demoReviewPool: DemoReview[] = [
  { rating: 5, review: 'Clear, patient explanations and projects that feel like real work. I finally understand what I am typing instead of copying it.' },
  { rating: 5, review: 'The pace is just right. Every lesson builds on the one before, and the exercises made me stop and think.' },
  { rating: 4, review: 'Very good course. A couple of videos could be shorter, but the examples are practical and the notes are excellent.' },
  { rating: 5, review: '' },
  { rating: 5, review: 'I used what I learnt here at work the following week. The section on debugging alone was worth it.' },
  { rating: 4, review: 'Solid content and well organised. I would have liked one more exercise at the end of each section.' },
  { rating: 5, review: 'Best structured course I have taken online. The instructor explains why, not only how.' },
  { rating: 3, review: 'Good material, but the later sections move fast if you are new to this. I had to rewatch a few lessons.' },
  { rating: 5, review: 'The final project tied everything together. I now have something to show in interviews.' },
  { rating: 4, review: '' },
  { rating: 5, review: 'Short, focused lessons that respect your time. The downloadable notes are great for revision.' },
  { rating: 5, review: 'I had tried to learn this twice before and gave up. This time it stuck, thanks to the step by step approach.' },
  { rating: 4, review: 'Really helpful. Audio in one or two early videos is a little quiet, otherwise excellent.' },
  { rating: 5, review: 'Questions in the Q&A were answered within a day, with code examples. That support makes a difference.' },
  { rating: 4, review: 'Practical and up to date. Some topics deserve a deeper dive, but it is a great foundation.' },
  { rating: 5, review: 'Loved the real-world examples. Everything is explained in plain English without skipping steps.' },
  { rating: 3, review: 'Useful overview. I expected more advanced material towards the end.' },
  { rating: 5, review: 'Worth every minute. I recommended it to two colleagues already.' },
];
