CREATE TABLE "guide_words" (
	"locale" text PRIMARY KEY NOT NULL,
	"words" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_words_locale_check" CHECK ("guide_words"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko'))
);
