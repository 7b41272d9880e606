-- Every alert row is rewritten by each heat recompute (state, last value, evaluation time: docs/alert-evaluation.md).
-- Room on each page keeps those updates HOT (no index entries), and the page pruning that needs no VACUUM then
-- reclaims the old versions: PGlite has no autovacuum, and without this the table grew by its own size every pass.
ALTER TABLE "alerts" SET (fillfactor = 50);
