CREATE TABLE "tax_document_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counter_single_row_check" CHECK ("tax_document_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_reference" text NOT NULL,
	"point_key" integer NOT NULL,
	"corrects_id" integer,
	"recipient" text,
	"locale" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"total" integer NOT NULL,
	"content" jsonb NOT NULL,
	"pdf" "bytea",
	"sha256" text,
	"keep_until" date NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('receipt', 'return-invoice')),
	CONSTRAINT "tax_documents_issued_by_check" CHECK ("tax_documents"."issued_by" in ('guest', 'guide')),
	CONSTRAINT "tax_documents_locale_check" CHECK ("tax_documents"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko')),
	CONSTRAINT "tax_documents_number_check" CHECK ("tax_documents"."number" > 0),
	CONSTRAINT "tax_documents_pdf_check" CHECK (("tax_documents"."pdf" is null) = ("tax_documents"."sha256" is null))
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"issuer_type" text DEFAULT 'sole-proprietor' NOT NULL,
	"registration_number" text,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_single_row_check" CHECK ("tax_settings"."id" = 1),
	CONSTRAINT "tax_settings_issuer_type_check" CHECK ("tax_settings"."issuer_type" in ('sole-proprietor', 'corporation')),
	CONSTRAINT "tax_settings_registered_check" CHECK (not "tax_settings"."registered" or ("tax_settings"."registration_number" is not null and "tax_settings"."prices_include_tax")),
	CONSTRAINT "tax_settings_registration_number_check" CHECK ("tax_settings"."registration_number" is null or "tax_settings"."registration_number" ~ '^T[0-9]{13}$')
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_corrects_id_tax_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_point_key" ON "tax_documents" USING btree ("point_key") WHERE "tax_documents"."corrects_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_corrects_key" ON "tax_documents" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_id_idx" ON "tax_documents" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_at_idx" ON "tax_documents" USING btree ("issued_at");
--> statement-breakpoint
INSERT INTO "tax_settings" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "tax_document_counter" ("id", "last") VALUES (1, 0);--> statement-breakpoint
-- Issued documents are kept as issued (docs/decisions/0080): never changed but to store the PDF
-- of a row that has none (drawn from its content just after its number was taken), and deleted
-- only once their keeping period has passed.
CREATE FUNCTION "tax_documents_kept_as_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.pdf IS NULL AND NEW.pdf IS NOT NULL AND (to_jsonb(NEW) - 'pdf' - 'sha256') = (to_jsonb(OLD) - 'pdf' - 'sha256') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'tax_documents are kept as issued: issue a correction instead of changing one';
  END IF;
  IF OLD.keep_until >= current_date THEN
    RAISE EXCEPTION 'tax_documents are kept until %', OLD.keep_until;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tax_documents_kept_as_issued" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_kept_as_issued"();
