CREATE TABLE "drip_notices" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "drip_notices_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "drip_sweeps" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_unlocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "available_after_days" integer;--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "available_after_days" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "drip_notices" ADD CONSTRAINT "drip_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_notices" ADD CONSTRAINT "drip_notices_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_unlocks" ADD CONSTRAINT "lesson_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_unlocks" ADD CONSTRAINT "lesson_unlocks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_unlocks" ADD CONSTRAINT "lesson_unlocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drip_notices_user_day_idx" ON "drip_notices" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_unlocks_user_lesson_idx" ON "lesson_unlocks" USING btree ("user_id","lesson_id");--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_release_check" CHECK (not ("course_sections"."available_after_days" is not null and "course_sections"."available_from" is not null) and coalesce("course_sections"."available_after_days", 0) between 0 and 3650);--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_release_check" CHECK (not ("lessons"."available_after_days" is not null and "lessons"."available_from" is not null) and coalesce("lessons"."available_after_days", 0) between 0 and 3650);