import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from '../ui/date-field';

type Passed = Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'aria-invalid' | 'aria-describedby'>;

/**
 * The project's date field (dd-mm-jjjj with a calendar) as a react-hook-form field: the form keeps the ISO
 * date (or the text typed, which the write's schema refuses), focus moves to its text box when it holds
 * the first error, and an error is linked to it (`errorId`, shown by the caller) with aria-invalid.
 */
export function DateFieldControl<T extends FieldValues, O = T>({ control, name, deps, errorId, invalid, describedBy, ...props }: Passed & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** Fields checked again when this one changes (an end date's "not before the start"). */
  deps?: FieldPath<T> | FieldPath<T>[] | undefined;
  /** The id of the element that shows the field's error, when there is one. */
  errorId?: string | undefined;
  invalid: boolean;
  /** Other descriptions (hints) of the field. */
  describedBy?: string | undefined;
}) {
  return (
    <Controller<T, FieldPath<T>, O>
      control={control}
      name={name}
      {...(deps ? { rules: { deps } } : {})}
      render={({ field }) => (
        <span className="date-field-control" ref={(el) => field.ref(el?.querySelector('input') ?? null)}>
          <DateField
            {...props}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={[describedBy, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined}
          />
        </span>
      )}
    />
  );
}
