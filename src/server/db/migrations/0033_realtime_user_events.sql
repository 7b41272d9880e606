-- One user's own data changed: a hint on the app's NOTIFY channel, delivered at commit (never for a rollback), so
-- every writer of these tables is covered without remembering to publish. PostgreSQL folds identical payloads
-- raised in one transaction into one. The payload carries ids only, never data (src/server/events/event-bus.ts).
CREATE OR REPLACE FUNCTION heatrank_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the change's name, then the column holding the user's id (one function for tables of different shapes).
  PERFORM pg_notify('heatrank_events', json_build_object(
    'origin', 'db',
    'event', json_build_object('type', 'user.changed', 'userId', to_jsonb(NEW) ->> TG_ARGV[1], 'what', TG_ARGV[0])
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_history_user_changed AFTER INSERT ON points_history
  FOR EACH ROW EXECUTE FUNCTION heatrank_user_changed('points', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_user_changed AFTER INSERT OR UPDATE OF read_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION heatrank_user_changed('notifications', 'user_id');
--> statement-breakpoint
-- Not every profile write: last_active moves on every visit. Only what a page shows as the user's status.
CREATE TRIGGER user_profiles_user_changed AFTER UPDATE ON user_profiles
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
    OR OLD.membership_level IS DISTINCT FROM NEW.membership_level
    OR OLD.membership_expires_at IS DISTINCT FROM NEW.membership_expires_at
  )
  EXECUTE FUNCTION heatrank_user_changed('profile', 'id');
