CREATE TABLE "booking_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"help" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min" integer,
	"max" integer,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_questions_key_unique" UNIQUE("key"),
	CONSTRAINT "booking_questions_type_check" CHECK ("booking_questions"."type" in ('short-text', 'long-text', 'one-choice', 'several-choices', 'yes-no', 'number')),
	CONSTRAINT "booking_questions_label_check" CHECK (length(btrim("booking_questions"."label")) > 0),
	CONSTRAINT "booking_questions_bounds_check" CHECK ("booking_questions"."min" is null or "booking_questions"."max" is null or "booking_questions"."min" <= "booking_questions"."max")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_questions_position_idx" ON "booking_questions" USING btree ("position");