-- Issue 20: profile and home-page pictures (file kinds 14 and 15, src/domain/portal/pictures.ts) belong to
-- their owner. A participant's picture is linked to the participant, so the files scope (the participant in
-- the viewer's scope) decides who lists and fetches it, instead of counting as company reference material.
UPDATE files f SET participant_id = p.id
  FROM participants p
 WHERE p.user_id = f.user_id AND p.deleted_at IS NULL AND f.participant_id IS NULL AND f.kind IN (14, 15);
