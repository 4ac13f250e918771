-- Issue 23: the instrument's links as id lists on the instrument row, so the replica holds them (the link
-- tables are not replicated): the instrument screens and matching for a case work offline, and saveInstrument's
-- per-field merge compares them like any other field. The link tables stay the truth the server queries;
-- refresh_instrument_links(id) rewrites the lists from them (saveInstrument, the seed, this backfill).
ALTER TABLE instruments
  ADD COLUMN discipline_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN skill_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN competency_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN work_order_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN workplace_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN criterion_ids integer[] NOT NULL DEFAULT '{}';

CREATE FUNCTION refresh_instrument_links(target bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE instruments i SET
    discipline_ids = coalesce((SELECT array_agg(discipline_id::int ORDER BY discipline_id) FROM instrument_disciplines WHERE instrument_id = i.id), '{}'),
    skill_ids = coalesce((SELECT array_agg(skill_id::int ORDER BY skill_id) FROM instrument_skills WHERE instrument_id = i.id), '{}'),
    competency_ids = coalesce((SELECT array_agg(competency_id::int ORDER BY competency_id) FROM instrument_competencies WHERE instrument_id = i.id), '{}'),
    work_order_ids = coalesce((SELECT array_agg(work_order_id::int ORDER BY work_order_id) FROM instrument_work_orders WHERE instrument_id = i.id), '{}'),
    workplace_ids = coalesce((SELECT array_agg(workplace_id::int ORDER BY workplace_id) FROM instrument_workplaces WHERE instrument_id = i.id), '{}'),
    criterion_ids = coalesce((SELECT array_agg(criterion_id::int ORDER BY criterion_id) FROM instrument_criteria WHERE instrument_id = i.id), '{}')
  WHERE i.id = target;
$$;

SELECT refresh_instrument_links(id) FROM instruments;
