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
--> statement-breakpoint
-- hand-written: a first start's example questions (marked example until she edits them; issue 44 item 2).
INSERT INTO "faq_groups" ("id", "name", "position") VALUES ('00000000-0000-4000-8000-0000000fa001', 'Prima visita', 1), ('00000000-0000-4000-8000-0000000fa002', 'Visite online', 2);
--> statement-breakpoint
INSERT INTO "faq_questions" ("group_id", "position", "question", "answer", "example") VALUES
  ('00000000-0000-4000-8000-0000000fa001', 1, 'Quanto dura la prima visita?', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Circa un''ora. Parliamo delle tue abitudini, della tua storia clinica e dei tuoi obiettivi; poi prendo le misure. Il piano alimentare te lo consegno nei giorni successivi."}]}]}'::jsonb, true),
  ('00000000-0000-4000-8000-0000000fa001', 2, 'Serve l''impegnativa del medico?', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "No: la visita nutrizionale è privata e non serve l''impegnativa. Se hai una diagnosi o esami recenti, portali: mi aiutano a capire meglio la tua situazione."}]}]}'::jsonb, true),
  ('00000000-0000-4000-8000-0000000fa001', 3, 'Come mi preparo alla prima visita?', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Non serve essere a digiuno. Porta con te, se li hai:"}]}, {"type": "bulletList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "gli esami del sangue degli ultimi sei mesi;"}]}]}, {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "l''elenco dei farmaci e degli integratori che prendi;"}]}]}, {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "gli appunti di quello che mangi in due o tre giorni tipici."}]}]}]}]}'::jsonb, true),
  ('00000000-0000-4000-8000-0000000fa002', 1, 'Le visite online funzionano come quelle in studio?', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Sì: il colloquio e il piano alimentare sono gli stessi. Le misure le prendi tu a casa, con le indicazioni che ti mando prima della visita; ti servono solo una bilancia e un metro da sarta."}]}]}'::jsonb, true);
