/**
 * The plan-note and settings forms' schemas, pure: each the write's own valibot schema (the server's),
 * picked or wrapped where the form's values differ from the write's input.
 */
import * as v from 'valibot';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { PlanNoteSchema, SettingsSchema, settingsIssue, type SettingsInput, type SettingsOutput } from '../../domain/wage-value/schemas';
import type { ListEntry } from './queries';

/** The note form's part of the write's schema (the uuids are the page's). */
export const NoteFormSchema = v.pick(PlanNoteSchema, ['noteDate', 'text']);

/** The settings form's values: the lists as shown (with the entries' ids) and the four defaults. */
export interface Editable { statuses: ListEntry[]; sequences: ListEntry[]; regions: ListEntry[]; newPlanStatus: string | null; newPlanMeasurementSequence: string | null; definitivePlanStatus: string | null; definitivePlanMeasurementSequence: string | null }

/** The write's input of the form's values (the entries' ids stay on the screen). */
export function settingsInput(edit: Editable): SettingsInput {
  const strip = (l: ListEntry[]) => l.map(({ uuid, label, locked }) => ({ uuid, label, locked }));
  return {
    statuses: strip(edit.statuses), sequences: strip(edit.sequences), regions: strip(edit.regions),
    newPlanStatus: edit.newPlanStatus, newPlanMeasurementSequence: edit.newPlanMeasurementSequence,
    definitivePlanStatus: edit.definitivePlanStatus, definitivePlanMeasurementSequence: edit.definitivePlanMeasurementSequence,
  };
}

const listSchemaResolver = valibotResolver(SettingsSchema);

/**
 * The settings form's resolver: the write's valibot schema (SettingsSchema) on the form's input, then
 * the server's check across the lists (settingsIssue: a default outside its list, a label twice),
 * which has no single field and is the form's own message (`root.settings`).
 */
export const settingsResolver: Resolver<Editable, unknown, SettingsOutput> = async (values, context, options) => {
  const result = await listSchemaResolver(settingsInput(values), context, options as never);
  if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as FieldErrors<Editable> };
  const issue = settingsIssue(result.values as SettingsOutput);
  return issue ? { values: {}, errors: { root: { settings: { type: 'settings', message: issue } } } } : { values: result.values as SettingsOutput, errors: {} };
};
