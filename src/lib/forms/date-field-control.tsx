import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from '../ui/date-field';

type Passed = Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'aria-invalid' | 'aria-describedby'>;

/**
 * The project's date field (dd-mm-jjjj mask with a keyboard calendar) as a react-hook-form field: the form
 * keeps the ISO date (or the text typed, which the write's schema refuses), focus moves to its text box when
 * it holds the first error, and an error is linked to it (`errorId`, the element the caller shows the error
 * in) with aria-invalid. The one date control of the forms (issue 21).
 */
export function DateFieldControl<T extends FieldValues, O = T>({ control, name, deps, errorId, invalid, describedBy, ...props }: Passed & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** Fields checked again when this one changes (an end date's "not before the start"). */
  deps?: FieldPath<T> | FieldPath<T>[] | undefined;
  /** The id of the element that shows the field's error, when there is one. */
  errorId?: string | undefined;
  /** In error; by default when the form holds an error for the field. */
  invalid?: boolean | undefined;
  /** Other descriptions (hints) of the field. */
  describedBy?: string | undefined;
}) {
  const { field, fieldState } = useController<T, FieldPath<T>, O>({ control, name, ...(deps ? { rules: { deps } } : {}) });
  const inError = invalid ?? fieldState.error !== undefined;
  return (
    <span className="date-field-control" ref={(el) => field.ref(el?.querySelector('input') ?? null)}>
      <DateField
        {...props}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={inError || undefined}
        aria-describedby={[describedBy, inError ? errorId : undefined].filter(Boolean).join(' ') || undefined}
      />
    </span>
  );
}
