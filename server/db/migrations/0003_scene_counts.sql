-- Keeps scene_counts (spaces per owner and state, deleted ones left out) in step with scenes, so
-- "my spaces" answers its total without counting rows.
CREATE FUNCTION scene_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE scene_counts SET n = n - 1 WHERE owner_id = OLD.owner_id AND state = OLD.state;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO scene_counts (owner_id, state, n) VALUES (NEW.owner_id, NEW.state, 1)
    ON CONFLICT (owner_id, state) DO UPDATE SET n = scene_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER scenes_count_owners
AFTER INSERT OR DELETE OR UPDATE OF owner_id, state, deleted_at ON scenes
FOR EACH ROW EXECUTE FUNCTION scene_counts_track();
--> statement-breakpoint
INSERT INTO scene_counts (owner_id, state, n)
SELECT owner_id, state, count(*) FROM scenes WHERE deleted_at IS NULL GROUP BY owner_id, state
ON CONFLICT (owner_id, state) DO UPDATE SET n = excluded.n;
