ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_reviews" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roadmap_steps" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A database seeded before this migration: mark the demo catalog's rows as the seed would have, only
-- where the demo students exist (the seed's password-less demo-student-N accounts), so the studio's
-- 'Remove the demo content' finds them. A row the instructor made their own is left alone: the
-- instructor only while it still carries the seed's address; nothing with an order is ever removed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE username = 'demo-student-1' AND email LIKE '%@students.example.com' AND password_hash IS NULL) THEN
    UPDATE users SET is_demo = true WHERE username LIKE 'demo-student-%' AND email LIKE '%@students.example.com' AND password_hash IS NULL AND google_subject IS NULL AND NOT is_admin AND NOT is_reviewer;
    UPDATE courses SET is_demo = true WHERE slug IN ('python-foundations', 'intermediate-python', 'django-for-beginners', 'django-rest-framework', 'django-ecommerce', 'advanced-django', 'html-css-fundamentals', 'javascript-essentials', 'react-django-fullstack', 'data-analysis-pandas', 'machine-learning-scikit-learn', 'deep-learning-pytorch', 'build-ai-apps-llm');
    UPDATE categories SET is_demo = true WHERE slug IN ('python-django', 'ai-machine-learning', 'web-development');
    UPDATE instructors SET is_demo = true WHERE email = 'nikhil@lectern.dev';
    UPDATE client_reviews SET is_demo = true WHERE name IN ('Sarah Mitchell', 'Rajesh Iyer', 'Emily Carter', 'Daniel Okafor', 'Priya Nair', 'Thomas Becker', 'Aisha Khan', 'Lucas Moreau', 'Mei Lin');
    UPDATE coupons SET is_demo = true WHERE code IN ('WELCOME10', 'LAUNCH25', 'FREECOURSE', 'EXPIRED20');
    UPDATE plans SET is_demo = true WHERE name IN ('Monthly Membership', 'Yearly Membership', 'Lifetime Access');
    UPDATE roadmap_steps SET is_demo = true WHERE course_id IN (SELECT id FROM courses WHERE is_demo);
  END IF;
END $$;
