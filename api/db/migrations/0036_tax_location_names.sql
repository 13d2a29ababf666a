CREATE TABLE "tax_locations" (
	"location_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_name" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
