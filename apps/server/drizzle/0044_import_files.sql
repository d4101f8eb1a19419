CREATE TABLE "import_file" (
	"id_import_file" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer,
	"id_user" integer NOT NULL,
	"stored_path" text NOT NULL,
	"original_name" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_file_school_id" UNIQUE("id_school","id_import_file"),
	CONSTRAINT "import_file_kind" CHECK ("import_file"."kind" IN ('csv', 'xlsx')),
	CONSTRAINT "import_file_size" CHECK ("import_file"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "import_mapping" (
	"id_import_mapping" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"id_user" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mapping_school_name" UNIQUE("id_school","name"),
	CONSTRAINT "import_mapping_school_id" UNIQUE("id_school","id_import_mapping")
);
--> statement-breakpoint
ALTER TABLE "import_file" ADD CONSTRAINT "import_file_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_file" ADD CONSTRAINT "import_file_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mapping" ADD CONSTRAINT "import_mapping_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_file_school_idx" ON "import_file" USING btree ("id_school","created_at");