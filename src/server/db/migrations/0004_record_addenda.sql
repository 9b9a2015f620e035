CREATE TABLE "medical_record_addenda" (
	"id" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "medical_record_addenda_text_check" CHECK (char_length("medical_record_addenda"."text") > 0)
);
--> statement-breakpoint
ALTER TABLE "medical_record_addenda" ADD CONSTRAINT "medical_record_addenda_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_addenda" ADD CONSTRAINT "medical_record_addenda_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_record_addenda_record_created_idx" ON "medical_record_addenda" USING btree ("record_id","created_at","id");