-- The scheduled recompute's plan read every project_scores row's versions (~170 ms at 100,000 projects on PGlite) to
-- find the few to re-score. Now a process that committed the last run reads only those: the rows whose inputs moved
-- since they were scored (this partial index holds just them) and those whose time factor steps (by rescore_at).
CREATE INDEX "project_scores_dirty_idx" ON "project_scores" ("project_id") WHERE inputs_version <> scored_version;
--> statement-breakpoint
CREATE INDEX "project_scores_rescore_idx" ON "project_scores" ("rescore_at");
