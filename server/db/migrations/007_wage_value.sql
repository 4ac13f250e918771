-- Wage-value measurement (issue 12): the tasks travel on the measurement document, so one step's save is
-- one write to one replicated document (offline per-step saves, per-field merge). wage_value_tasks stays the
-- searchable copy the server keeps in step with it. Minutes are hours × 60 with hours to 2 decimals, so
-- minutes may have decimals (13,33 hours = 799,8 minutes).
ALTER TABLE wage_value_measurements ADD COLUMN tasks jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE wage_value_tasks ALTER COLUMN minutes_per_week TYPE numeric(8, 2);

UPDATE wage_value_measurements m SET tasks = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'sortOrder', t.sort_order, 'description', coalesce(t.description, ''), 'explanation', coalesce(t.explanation, ''),
    'minutesPerWeek', t.minutes_per_week, 'percentagePace', t.percentage_pace, 'paceExplanation', coalesce(t.pace_explanation, ''),
    'percentageQuality', t.percentage_quality, 'qualityExplanation', coalesce(t.quality_explanation, ''),
    'percentageNetWorkingTime', t.percentage_net_working_time, 'netWorkingTimeExplanation', coalesce(t.net_working_time_explanation, ''),
    'percentageTimeSpentNormFunction', t.percentage_time_spent_norm_function, 'percentageOverlap', t.percentage_overlap
  ) ORDER BY t.sort_order)
  FROM wage_value_tasks t WHERE t.measurement_id = m.id AND t.deleted_at IS NULL), '[]'::jsonb);

-- Rows written straight into wage_value_tasks (seeding, imports) rebuild the measurement's tasks document.
-- The server's own save writes both and switches this off for its transaction (werkpad.wv_tasks_sync = off).
CREATE FUNCTION wage_value_tasks_to_measurement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('werkpad.wv_tasks_sync', true) = 'off' THEN
    RETURN NULL;
  END IF;
  UPDATE wage_value_measurements m SET tasks = coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'sortOrder', t.sort_order, 'description', coalesce(t.description, ''), 'explanation', coalesce(t.explanation, ''),
      'minutesPerWeek', t.minutes_per_week, 'percentagePace', t.percentage_pace, 'paceExplanation', coalesce(t.pace_explanation, ''),
      'percentageQuality', t.percentage_quality, 'qualityExplanation', coalesce(t.quality_explanation, ''),
      'percentageNetWorkingTime', t.percentage_net_working_time, 'netWorkingTimeExplanation', coalesce(t.net_working_time_explanation, ''),
      'percentageTimeSpentNormFunction', t.percentage_time_spent_norm_function, 'percentageOverlap', t.percentage_overlap
    ) ORDER BY t.sort_order)
    FROM wage_value_tasks t WHERE t.measurement_id = NEW.measurement_id AND t.deleted_at IS NULL), '[]'::jsonb)
  WHERE m.id = NEW.measurement_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER wage_value_tasks_to_measurement AFTER INSERT OR UPDATE ON wage_value_tasks
  FOR EACH ROW EXECUTE FUNCTION wage_value_tasks_to_measurement();
