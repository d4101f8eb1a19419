CREATE TABLE "decline_reason" (
	"id_decline_reason" serial PRIMARY KEY NOT NULL,
	"id_school" integer,
	"labels" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_answer" (
	"id_offer_answer" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"answer" text NOT NULL,
	"id_decline_reason" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_answer_answer" CHECK ("offer_answer"."answer" IN ('accept', 'decline'))
);
--> statement-breakpoint
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_movement_known";--> statement-breakpoint
ALTER TABLE "decline_reason" ADD CONSTRAINT "decline_reason_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_answer" ADD CONSTRAINT "offer_answer_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_answer" ADD CONSTRAINT "offer_answer_id_decline_reason_decline_reason_id_decline_reason_fk" FOREIGN KEY ("id_decline_reason") REFERENCES "public"."decline_reason"("id_decline_reason") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_answer" ADD CONSTRAINT "offer_answer_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decline_reason_school_idx" ON "decline_reason" USING btree ("id_school","position");--> statement-breakpoint
CREATE INDEX "offer_answer_application_idx" ON "offer_answer" USING btree ("id_application");--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_movement_known" CHECK ("application_status"."id_status_movement_type" BETWEEN 1 AND 7);--> statement-breakpoint
-- The built-in reasons every school starts with (its own active rows replace them), in the six family languages.
INSERT INTO "decline_reason" ("id_school", "labels", "position") VALUES
  (NULL, '{"en":"We chose another school","es":"Elegimos otra escuela","vi":"Chúng tôi đã chọn trường khác","zh":"我们选择了另一所学校","ht":"Nou chwazi yon lòt lekòl","ar":"اخترنا مدرسة أخرى"}', 1),
  (NULL, '{"en":"We are moving away","es":"Nos vamos a mudar","vi":"Chúng tôi sắp chuyển nhà đi nơi khác","zh":"我们要搬走了","ht":"N ap demenaje","ar":"سننتقل إلى مكان آخر"}', 2),
  (NULL, '{"en":"Transportation or distance","es":"Transporte o distancia","vi":"Phương tiện đi lại hoặc khoảng cách","zh":"交通或距离问题","ht":"Transpò oswa distans","ar":"المواصلات أو المسافة"}', 3),
  (NULL, '{"en":"The schedule does not work for us","es":"El horario no nos conviene","vi":"Lịch học không phù hợp với chúng tôi","zh":"时间安排不适合我们","ht":"Orè a pa bon pou nou","ar":"المواعيد لا تناسبنا"}', 4),
  (NULL, '{"en":"Another reason","es":"Otro motivo","vi":"Lý do khác","zh":"其他原因","ht":"Yon lòt rezon","ar":"سبب آخر"}', 5);
