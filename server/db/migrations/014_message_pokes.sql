-- Live pokes of messages go to their parties only (issue 25, the connection model).
-- A message is in the scope of its sender and its recipient alone (server/auth/scope.ts messagesScope), so
-- the 'werkpad_changes' notification of a messages row names them: "u" user ids, "p" participant ids (those
-- of the row before an update too, so a party that loses the message pulls its removal). The change hub
-- (server/sync/changes.ts) pokes the streams of those viewers only, instead of every stream of the company;
-- every other table still pokes the whole company and the pull applies the scope.
CREATE OR REPLACE FUNCTION sync_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727004);
  IF TG_TABLE_NAME = 'messages' THEN
    PERFORM pg_notify('werkpad_changes', json_build_object(
      'c', NEW.company_id,
      't', TG_TABLE_NAME,
      'u', CASE WHEN TG_OP = 'UPDATE' THEN json_build_array(NEW.sender_user_id, NEW.recipient_user_id, OLD.sender_user_id, OLD.recipient_user_id)
                ELSE json_build_array(NEW.sender_user_id, NEW.recipient_user_id) END,
      'p', CASE WHEN TG_OP = 'UPDATE' THEN json_build_array(NEW.sender_participant_id, NEW.recipient_participant_id, OLD.sender_participant_id, OLD.recipient_participant_id)
                ELSE json_build_array(NEW.sender_participant_id, NEW.recipient_participant_id) END)::text);
  ELSE
    PERFORM pg_notify('werkpad_changes', json_build_object(
      'c', coalesce(NEW.company_id, CASE WHEN TG_TABLE_NAME = 'companies' THEN NEW.id END),
      't', TG_TABLE_NAME)::text);
  END IF;
  RETURN NEW;
END;
$$;
