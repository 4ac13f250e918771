import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { toNestErrors } from '@hookform/resolvers';
import { useForm, type UseFormReturn, type DefaultValues, type FieldError, type FieldPath, type FieldValues, type Resolver, type ResolverOptions, type ResolverResult, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import * as v from 'valibot';
import type { IssueLike } from '../../domain/shared/issue-reason';
import type { ReasonParams } from '../api/api-error';
import { failureText, issueText, reasonText } from '../ui/reason-text';

/**
 * The helpers of the forms on react-hook-form (issue 21): two resolvers from the valibot schema of a write
 * (`schemaResolver`, texts made here with their params; `writeResolver`, messages kept as i18n keys for forms
 * that translate them where shown), server refusals onto their field, the labelled text field, the focus to
 * the first error.
 *
 * `schemaResolver`, first used by the administration forms. The resolver runs the valibot schema of the
 * write the form sends (the server's own), on the input the form makes of its values; the issues' reason
 * codes become Dutch texts with their field and bound (`issueTexts`), each on its field. Issues outside
 * a field the form has land on `root` (shown above the form). `@hookform/resolvers`' valibotResolver would hand the raw
 * code without its params, hence this small one.
 */
export function schemaResolver<TValues extends FieldValues, TSchema extends v.GenericSchema>(
  t: TFunction,
  schema: TSchema,
  toInput: (values: TValues) => unknown = (values) => values,
  extra?: (values: TValues) => Record<string, string>,
): Resolver<TValues, unknown, v.InferOutput<TSchema>> {
  return (values, _context, options) => {
    const parsed = v.safeParse(schema, toInput(values));
    const problems: Record<string, string> = { ...(parsed.success ? {} : issuePaths(t, parsed.issues, values)), ...(extra?.(values) ?? {}) };
    if (parsed.success && Object.keys(problems).length === 0) return { values: parsed.output, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(problems)) flat[path] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * Path → text of its first issue: `processLabels.2.label` for a list row's field; a path the form does not
 * have (a write field the form fills itself) lands on `root`.
 */
export function issuePaths(t: TFunction, issues: readonly IssueLike[], values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const keys = (issue.path ?? []).map((p) => p.key).filter((k): k is string | number => typeof k === 'string' || typeof k === 'number');
    const path = keys.length > 0 && typeof keys[0] === 'string' && keys[0] in values ? keys.join('.') : 'root';
    out[path] ??= issueText(t, issue);
  }
  return out;
}

/**
 * A refusal the server answered: on its field (`params.field`) when the form has it, with the focus moved
 * there; else the text for the form's own alert. Answers the text left for the alert, or null.
 */
export function applyRefusal<TValues extends FieldValues>(
  t: TFunction,
  setError: UseFormSetError<TValues>,
  fields: readonly FieldPath<TValues>[],
  reason: string | null | undefined,
  params?: ReasonParams | null,
): string | null {
  const text = reasonText(t, reason, params);
  const field = typeof params?.field === 'string' ? fields.find((f) => f === params.field) : undefined;
  if (!field) return text;
  setError(field, { type: 'server', message: text }, { shouldFocus: true });
  return null;
}

interface FormTextProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  type?: string;
  hint?: string | undefined;
  autoComplete?: string;
  disabled?: boolean;
}

/** A labelled input registered with react-hook-form (so the focus can go to it), its error and hint tied to it. */
export function FormText({ label, registration, error, type = 'text', hint, autoComplete = 'off', disabled = false }: FormTextProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type={type}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {hint ? <p id={`${id}-hint`} className="admin-muted">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
    </div>
  );
}

/** ISO (yyyy-mm-dd, what the date field gives) as the dd-mm-jjjj the user writes take; other text as it is. */
export const isoToWriteDate = (text: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(8, 10)}-${text.slice(5, 7)}-${text.slice(0, 4)}` : text);

/**
 * After a refused submit, the focus goes to the first field in error in the order on screen (including
 * fields react-hook-form cannot focus itself: the date field, list rows). Forms using it set
 * `shouldFocusError: false` so the two do not compete.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, submitCount: number, hasErrors: boolean): void {
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    if (hasErrors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount, hasErrors]);
}

/**
 * A react-hook-form resolver from the valibot schema of a write (the schema the worker checks before it
 * queues and the server parses with; never a copy of its rules): the form's values are made into the
 * write's input (`toInput`), parsed, and every issue lands on the form field it belongs to (`fieldOf`,
 * from the issue's dotted path in the write's input; an issue of the whole input has the path ''). The
 * first issue of a field wins, as the server names the first. Messages stay i18n keys.
 */
export function writeResolver<TValues extends FieldValues, TOut>(
  schema: v.GenericSchema<unknown, TOut>,
  toInput: (values: TValues) => unknown,
  fieldOf: (path: string) => string = (path) => path,
): Resolver<TValues, unknown, TOut> {
  return (values, _context, options) => checkWrite(schema, toInput(values), fieldOf, options);
}

/** One check of a write's input for a form: the parsed input, or the issues on the form's fields. */
export function checkWrite<TValues extends FieldValues, TOut>(
  schema: v.GenericSchema<unknown, TOut>,
  input: unknown,
  fieldOf: (path: string) => string,
  options: ResolverOptions<TValues>,
): ResolverResult<TValues, TOut> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { values: parsed.output, errors: {} };
  return { values: {}, errors: toNestErrors(issuesOnFields(parsed.issues, fieldOf), options) };
}

/** The first issue of each form field, by the field's dotted name (pure: tested without a form). */
export function issuesOnFields(issues: readonly v.BaseIssue<unknown>[], fieldOf: (path: string) => string = (path) => path): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = fieldOf(v.getDotPath(issue) ?? '');
    out[field] ??= { type: issue.type, message: issue.message };
  }
  return out;
}

/**
 * A form of a stored record (a participant, a user): empty to add, filled with the stored record once the
 * replica has it (a later change of the record keeps what was typed), checked by the write's schema with a
 * message that goes as its field becomes valid, and the focus to the first field in error in the order on
 * screen (the date field included). `formRef` goes on the form element.
 */
export interface RecordForm<TValues extends FieldValues> extends UseFormReturn<TValues, unknown, unknown> {
  formRef: RefObject<HTMLFormElement | null>;
  failure: string | null;
  save: <A extends SaveAnswer>(write: () => Promise<A>, after: (answer: A) => Promise<unknown>) => Promise<void>;
}

export function useRecordForm<TValues extends FieldValues>(t: TFunction, empty: DefaultValues<TValues>, stored: TValues | undefined, resolver: Resolver<TValues, unknown, unknown>): RecordForm<TValues> {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TValues, unknown, unknown>({
    defaultValues: empty,
    values: stored,
    resetOptions: { keepDirtyValues: true },
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // the first error on screen gets the focus, the date field included (useFocusFirstInvalid)
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.formState.submitCount, Object.keys(form.formState.errors).length > 0);
  /**
   * One save: the write (a declared write answers success at once; an add, the server's answer); on success
   * the form is clean and `after` runs (to navigate), a refusal lands on its field (focus) or in the form's
   * alert, a failure in the alert; what was typed stays.
   */
  const save = async <A extends SaveAnswer>(write: () => Promise<A>, after: (answer: A) => Promise<unknown>): Promise<void> => {
    setFailure(null);
    try {
      const answer = await write();
      if (answer.success) {
        form.reset(form.getValues());
        await after(answer);
      } else setFailure(applyRefusal(t, form.setError, Object.keys(empty) as FieldPath<TValues>[], answer.reason, answer.params));
    } catch (error) {
      setFailure(failureText(t, error));
    }
  };
  return { ...form, formRef, failure, save };
}

/** What a save answers (a declared write: success; the server: success or a refusal with its reason). */
export interface SaveAnswer {
  success: boolean;
  reason?: string | null | undefined;
  params?: ReasonParams | null | undefined;
}

/** A form's own alerts: the failure of its last save and what the write's schema could not tie to a field. */
export function FormAlerts({ failure, root }: { failure: string | null; root?: string | undefined }) {
  return (
    <>
      {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
      {root ? <p role="alert" className="alert alert--error">{root}</p> : null}
    </>
  );
}
