ALTER TABLE "campus" ADD COLUMN "sis_school_number" text;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "address_zip" text;--> statement-breakpoint
-- Existing one-line addresses are split only when they read exactly "street, city, ST 12345[-6789]" with a US state
-- or territory code; anything else keeps its one line and empty parts (docs/sis-export-formats.md, "Addresses").
UPDATE "applicant" SET
  "address_street" = btrim(p.m[1]), "address_city" = btrim(p.m[2]), "address_state" = upper(p.m[3]), "address_zip" = p.m[4]
FROM (
  SELECT "id_applicant", regexp_match("address", '^\s*([^,]*[0-9][^,]*?)\s*,\s*([^,0-9]+?)\s*,\s*([A-Za-z]{2})\s+([0-9]{5}(-[0-9]{4})?)\s*$') AS m
  FROM "applicant" WHERE "address" IS NOT NULL
) p
WHERE p."id_applicant" = "applicant"."id_applicant" AND p.m IS NOT NULL AND upper(p.m[3]) IN (
  'AL','AK','AZ','AR','CA','CO','CT','DE','DC','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD','MA','MI',
  'MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT',
  'VA','WA','WV','WI','WY','PR','GU','VI','AS','MP'
);
