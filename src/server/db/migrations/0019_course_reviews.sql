ALTER TABLE "course_ratings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "course_ratings" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "course_ratings_course_created_idx" ON "course_ratings" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_ratings_created_idx" ON "course_ratings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "course_ratings" ADD CONSTRAINT "course_ratings_rating_range" CHECK ("course_ratings"."rating" between 1 and 5);--> statement-breakpoint
-- A course's figures now come from its students' reviews only: the demo figures written on courses give way to the rows' own average and count.
UPDATE "courses" SET "rating_average" = coalesce((SELECT round(avg(r."rating"), 1) FROM "course_ratings" r WHERE r."course_id" = "courses"."id" AND r."hidden_at" IS NULL), 0), "rating_count" = (SELECT count(*) FROM "course_ratings" r WHERE r."course_id" = "courses"."id" AND r."hidden_at" IS NULL);
