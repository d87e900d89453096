CREATE TABLE "letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"letter_id" text NOT NULL,
	"number" serial NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"course_title" text NOT NULL,
	"project_title" text NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text NOT NULL,
	"reviewer_role" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "letters_letter_id_unique" UNIQUE("letter_id"),
	CONSTRAINT "letters_number_unique" UNIQUE("number"),
	CONSTRAINT "letters_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "letters_revoked_with_reason" CHECK (("letters"."revoked_at" is null) = ("letters"."revoke_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "project_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"number" integer NOT NULL,
	"repository_url" text NOT NULL,
	"live_url" text,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text,
	"file_storage_path" text,
	"file_content_type" text,
	"file_size_bytes" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_started_at" timestamp with time zone,
	"decision" text,
	"feedback" text DEFAULT '' NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_required" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rounds" ADD CONSTRAINT "project_rounds_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rounds" ADD CONSTRAINT "project_rounds_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_submissions" ADD CONSTRAINT "project_submissions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_submissions" ADD CONSTRAINT "project_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_user_idx" ON "letters" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_rounds_submission_number_idx" ON "project_rounds" USING btree ("submission_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "project_submissions_project_user_idx" ON "project_submissions" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "project_submissions_status_idx" ON "project_submissions" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "projects_course_idx" ON "projects" USING btree ("course_id","position");