-- the admin console reads the audit log of every school newest first: without this it sorts the whole log
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id_audit_log");
