CREATE TABLE "faq_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "faq_groups_name_length" CHECK (char_length("faq_groups"."name") between 1 and 80),
	CONSTRAINT "faq_groups_position_positive" CHECK ("faq_groups"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" jsonb NOT NULL,
	"position" integer NOT NULL,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_questions_question_length" CHECK (char_length("faq_questions"."question") between 1 and 200),
	CONSTRAINT "faq_questions_answer_document" CHECK (jsonb_typeof("faq_questions"."answer") = 'object'),
	CONSTRAINT "faq_questions_position_positive" CHECK ("faq_questions"."position" > 0)
);
--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_group_id_faq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."faq_groups"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- hand-written: positions unique per list, checked at the end of each statement, so a move swaps two in one UPDATE.
ALTER TABLE "faq_groups" ADD CONSTRAINT "faq_groups_position_unique" UNIQUE ("position") DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_group_position_unique" UNIQUE ("group_id", "position") DEFERRABLE INITIALLY IMMEDIATE;
