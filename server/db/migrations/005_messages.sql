-- Messages (issue 5, docs/decisions-messages.md):
--   sender_name / recipient_name: the display names at the moment of writing, so every replica can show
--     a message without holding the other party's user or participant row (a participant's replica does
--     not hold the staff who wrote to them). Filled by a trigger, so seeded and imported rows get them too.
--   attachments: [{uuid, name, mime, size}] of the files linked to the message, for the replica.
--   push_vapid_keys: the server's web-push key pair, generated on first start and shared by every process.
ALTER TABLE messages ADD COLUMN sender_name text NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN recipient_name text NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

CREATE FUNCTION message_party_name(p_user_id bigint, p_participant_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT trim(concat_ws(' ', coalesce(nullif(u.given_name, ''), u.initials), u.surname)) FROM users u WHERE u.id = p_user_id),
    (SELECT trim(concat_ws(' ', p.firstname, nullif(p.prefix, ''), p.lastname)) FROM participants p WHERE p.id = p_participant_id),
    '')
$$;

CREATE FUNCTION messages_fill_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.sender_user_id IS DISTINCT FROM OLD.sender_user_id
     OR NEW.sender_participant_id IS DISTINCT FROM OLD.sender_participant_id OR NEW.sender_name = '' THEN
    NEW.sender_name := message_party_name(NEW.sender_user_id, NEW.sender_participant_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.recipient_user_id IS DISTINCT FROM OLD.recipient_user_id
     OR NEW.recipient_participant_id IS DISTINCT FROM OLD.recipient_participant_id OR NEW.recipient_name = '' THEN
    NEW.recipient_name := message_party_name(NEW.recipient_user_id, NEW.recipient_participant_id);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER messages_b_names BEFORE INSERT OR UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION messages_fill_names();

UPDATE messages SET sender_name = message_party_name(sender_user_id, sender_participant_id),
                    recipient_name = message_party_name(recipient_user_id, recipient_participant_id);

CREATE TABLE push_vapid_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
