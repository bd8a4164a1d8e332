CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"master" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"alt" text NOT NULL,
	"alt_translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"focal_x" integer DEFAULT 50 NOT NULL,
	"focal_y" integer DEFAULT 50 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "media_focal_check" CHECK ("media"."focal_x" between 0 and 100 and "media"."focal_y" between 0 and 100),
	CONSTRAINT "media_size_check" CHECK ("media"."width" > 0 and "media"."height" > 0 and "media"."bytes" > 0),
	CONSTRAINT "media_alt_check" CHECK (length(btrim("media"."alt")) > 0)
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"path" text PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"format" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_format_check" CHECK ("media_variants"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "photo_placements" (
	"place" text PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_placements_place_check" CHECK ("photo_placements"."place" in ('slide.authentic', 'slide.historical', 'slide.blossoms', 'slide.neighborhoods', 'slide.cafes', 'slide.mountains', 'guide.portrait', 'guide.banner', 'package.homemaker', 'package.hobbyist', 'package.kiddo', 'package.explorer', 'explore.shopping', 'explore.food', 'explore.lifestyle', 'explore.culture', 'tokyo.article'))
);
--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_placements" ADD CONSTRAINT "photo_placements_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_variants_media_idx" ON "media_variants" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "photo_placements_media_idx" ON "photo_placements" USING btree ("media_id");