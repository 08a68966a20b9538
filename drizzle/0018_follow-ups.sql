CREATE TABLE "booking_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"visit_type_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_follow_ups_appointment_unique" UNIQUE("appointment_id")
);
--> statement-breakpoint
ALTER TABLE "booking_follow_ups" ADD CONSTRAINT "booking_follow_ups_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_follow_ups" ADD CONSTRAINT "booking_follow_ups_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_follow_ups_due_idx" ON "booking_follow_ups" USING btree ("due_on") WHERE "booking_follow_ups"."sent_at" is null;