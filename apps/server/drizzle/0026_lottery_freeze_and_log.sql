CREATE TABLE "lottery_log" (
	"id_lottery_log" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "lottery_log_seq" UNIQUE("id_campus_year","seq"),
	CONSTRAINT "lottery_log_kind" CHECK ("lottery_log"."kind" IN ('freeze', 'unfreeze', 'practice', 'draw', 'rerun'))
);
--> statement-breakpoint
ALTER TABLE "lottery" DROP CONSTRAINT "lottery_state";--> statement-breakpoint
ALTER TABLE "lottery" ALTER COLUMN "seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery" ALTER COLUMN "seed_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "lottery_frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "lottery_public_token" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "beacon_chain" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "beacon_round" integer;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "round_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "beacon_signature" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "beacon_previous_signature" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "dice_first_entry" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "dice_first_user" integer;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "dice_digits" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "log_hash" text;--> statement-breakpoint
ALTER TABLE "lottery_log" ADD CONSTRAINT "lottery_log_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_log" ADD CONSTRAINT "lottery_log_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_dice_first_user_user_id_user_fk" FOREIGN KEY ("dice_first_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_one_frozen" ON "lottery" USING btree ("id_campus_year") WHERE "lottery"."state" = 'frozen';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_round_once" ON "lottery" USING btree ("id_campus_year","beacon_chain","beacon_round") WHERE "lottery"."state" IN ('drawn', 'superseded');--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_lottery_public_token" UNIQUE("lottery_public_token");--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_source" CHECK ("lottery"."source" IS NULL OR "lottery"."source" IN ('drand', 'dice'));--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_state" CHECK ("lottery"."state" IN ('committed', 'frozen', 'unfrozen', 'drawn', 'superseded'));--> statement-breakpoint
-- The log is append-only: an entry once written is never changed or removed (the hash chain also shows it).
CREATE FUNCTION lottery_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the lottery log is append-only' USING ERRCODE = 'OSL02';
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_log_append_only BEFORE UPDATE OR DELETE ON lottery_log
  FOR EACH ROW EXECUTE FUNCTION lottery_log_append_only();
--> statement-breakpoint
-- While a period's lottery is frozen, nothing its draw reads may change (docs/lottery-algorithm.md, "Freeze"). The
-- service refuses first with the same message; these are the net under every other path. SQLSTATE OSL01 answers 409.
CREATE FUNCTION lottery_refuse_frozen() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the lottery of this school period is frozen' USING ERRCODE = 'OSL01';
END $$;
--> statement-breakpoint
CREATE FUNCTION lottery_period_frozen(campus integer, school_year integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT lottery_frozen FROM campus_year WHERE id_campus = campus AND id_school_year = school_year), false)
$$;
--> statement-breakpoint
-- Applications: no status, grade, priority, period, deletion or creation time change in a frozen period, no deletion,
-- and no new application dated before the freeze (a new one after it arrives late and is not an input).
CREATE FUNCTION lottery_frozen_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND lottery_period_frozen(OLD.id_campus, OLD.id_school_year) THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND lottery_period_frozen(NEW.id_campus, NEW.id_school_year) THEN
    IF TG_OP = 'UPDATE' OR NEW.created_at < (
      SELECT max(l.frozen_at) FROM lottery l JOIN campus_year cy ON cy.id_campus_year = l.id_campus_year
      WHERE cy.id_campus = NEW.id_campus AND cy.id_school_year = NEW.id_school_year AND l.state = 'frozen'
    ) THEN
      PERFORM lottery_refuse_frozen();
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_application_change AFTER UPDATE OF id_status, id_grade, id_priority_item, deleted_at,
  id_campus, id_school_year, id_campus_year, created_at, id_applicant ON application
  FOR EACH ROW
  WHEN (OLD.id_status IS DISTINCT FROM NEW.id_status OR OLD.id_grade IS DISTINCT FROM NEW.id_grade
    OR OLD.id_priority_item IS DISTINCT FROM NEW.id_priority_item OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.id_campus IS DISTINCT FROM NEW.id_campus OR OLD.id_school_year IS DISTINCT FROM NEW.id_school_year
    OR OLD.id_campus_year IS DISTINCT FROM NEW.id_campus_year OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.id_applicant IS DISTINCT FROM NEW.id_applicant)
  EXECUTE FUNCTION lottery_frozen_application();
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_application_write AFTER INSERT OR DELETE ON application
  FOR EACH ROW EXECUTE FUNCTION lottery_frozen_application();
--> statement-breakpoint
-- Guardians' e-mail and phone make the sibling links (families) of the draw.
CREATE FUNCTION lottery_frozen_applicant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM application a JOIN campus_year cy ON cy.id_campus = a.id_campus AND cy.id_school_year = a.id_school_year
    WHERE a.id_applicant = NEW.id_applicant AND cy.lottery_frozen
  ) THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_applicant AFTER UPDATE OF guardian_email, guardian_phone_number ON applicant
  FOR EACH ROW
  WHEN (OLD.guardian_email IS DISTINCT FROM NEW.guardian_email
    OR OLD.guardian_phone_number IS DISTINCT FROM NEW.guardian_phone_number)
  EXECUTE FUNCTION lottery_frozen_applicant();
--> statement-breakpoint
-- Seats per grade of the period.
CREATE FUNCTION lottery_frozen_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM campus_year WHERE lottery_frozen
      AND id_campus_year IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.id_campus_year END,
                             CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.id_campus_year END)
  ) THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_seats_change AFTER UPDATE OF spots, id_grade, id_campus_year ON campus_year_grade
  FOR EACH ROW
  WHEN (OLD.spots IS DISTINCT FROM NEW.spots OR OLD.id_grade IS DISTINCT FROM NEW.id_grade
    OR OLD.id_campus_year IS DISTINCT FROM NEW.id_campus_year)
  EXECUTE FUNCTION lottery_frozen_seats();
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_seats_write AFTER INSERT OR DELETE ON campus_year_grade
  FOR EACH ROW EXECUTE FUNCTION lottery_frozen_seats();
--> statement-breakpoint
-- The campus's priority levels and weights.
CREATE FUNCTION lottery_frozen_priority() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM campus_year WHERE lottery_frozen
      AND id_campus IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.id_campus END,
                        CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.id_campus END)
  ) THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_priority AFTER INSERT OR UPDATE OR DELETE ON campus_priority
  FOR EACH ROW EXECUTE FUNCTION lottery_frozen_priority();
--> statement-breakpoint
-- The period's own rules the draw reads: its last enrollment day (who is late) and the sibling rule.
CREATE FUNCTION lottery_frozen_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.lottery_frozen AND NEW.lottery_frozen THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lottery_frozen_period AFTER UPDATE OF enrollment_end_date, sibling_priority ON campus_year
  FOR EACH ROW
  WHEN (OLD.enrollment_end_date IS DISTINCT FROM NEW.enrollment_end_date
    OR OLD.sibling_priority IS DISTINCT FROM NEW.sibling_priority)
  EXECUTE FUNCTION lottery_frozen_period();
