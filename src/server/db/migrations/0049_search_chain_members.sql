CREATE TABLE "project_chain_members" (
	"chain" text NOT NULL,
	"project_id" text NOT NULL,
	CONSTRAINT "project_chain_members_chain_project_id_pk" PRIMARY KEY("chain","project_id")
);
--> statement-breakpoint
ALTER TABLE "project_chain_members" ADD CONSTRAINT "project_chain_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "project_chain_members_project_idx" ON "project_chain_members" USING btree ("project_id");--> statement-breakpoint
INSERT INTO "project_chain_members" ("chain", "project_id")
SELECT DISTINCT c."chain", p."id" FROM "projects" AS p CROSS JOIN LATERAL unnest(p."chains") AS c("chain")
WHERE c."chain" IS NOT NULL;--> statement-breakpoint
-- Triggers keep the members equal to projects.chains for every writer (catalogue, ingestion, admin, seeders, tests);
-- the foreign key carries id changes and deletes, and TRUNCATE projects must cascade to it.
CREATE FUNCTION "project_chain_members_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_chain_members" ("chain", "project_id")
  SELECT DISTINCT c."chain", p."id" FROM "inserted_projects" AS p CROSS JOIN LATERAL unnest(p."chains") AS c("chain")
  WHERE c."chain" IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_insert_chain_members" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS "inserted_projects" FOR EACH STATEMENT
  EXECUTE FUNCTION "project_chain_members_on_insert"();--> statement-breakpoint
CREATE FUNCTION "project_chain_members_on_chains_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- "<> ALL" of an array holding NULL is never true: compare against the array without NULLs.
  DELETE FROM "project_chain_members"
  WHERE "project_id" = NEW."id" AND "chain" <> ALL (array_remove(NEW."chains", NULL));
  INSERT INTO "project_chain_members" ("chain", "project_id")
  SELECT DISTINCT c."chain", NEW."id" FROM unnest(NEW."chains") AS c("chain") WHERE c."chain" IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Row by row, only where the array changed: the hourly market refresh updates every project but no chains.
CREATE TRIGGER "projects_chains_change_members" AFTER UPDATE OF "chains" ON "projects" FOR EACH ROW
  WHEN (OLD."chains" IS DISTINCT FROM NEW."chains")
  EXECUTE FUNCTION "project_chain_members_on_chains_change"();
--> statement-breakpoint
-- Statistics now (PGlite has no autovacuum): without them the planner guessed ~500 members of a chain with ~15,000.
ANALYZE "project_chain_members";
