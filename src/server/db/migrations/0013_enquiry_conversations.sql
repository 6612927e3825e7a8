CREATE TABLE "enquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"author_user_id" text,
	"author_side" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_messages_seq_unique" UNIQUE("seq"),
	CONSTRAINT "enquiry_messages_side_check" CHECK ("enquiry_messages"."author_side" in ('client','provider','admin')),
	CONSTRAINT "enquiry_messages_lengths_check" CHECK (char_length("enquiry_messages"."body") between 10 and 1000 and char_length("enquiry_messages"."author_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "enquiry_reads" (
	"enquiry_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_seen_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "enquiry_reads_enquiry_id_user_id_pk" PRIMARY KEY("enquiry_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reads" ADD CONSTRAINT "enquiry_reads_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_reads" ADD CONSTRAINT "enquiry_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","seq");--> statement-breakpoint
CREATE INDEX "enquiries_email_idx" ON "enquiries" USING btree (lower("user_email"),"created_at" DESC NULLS LAST);