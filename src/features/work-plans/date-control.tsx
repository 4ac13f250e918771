import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField } from '../../lib/ui/date-field';
import { FieldError } from './field-error';

/**
 * The project's date field (dd-mm-jjjj mask, keyboard calendar) as a react-hook-form field: the value is
 * the ISO date (or the text as typed, which the write's schema refuses), the error is linked by
 * aria-invalid/aria-describedby, and react-hook-form can move the focus to it after a refused save.
 */
export function DateControl<T extends FieldValues, TOut>({ control, name, id, min, required }: { control: Control<T, unknown, TOut>; name: FieldPath<T>; id: string; min?: string | undefined; required?: boolean }) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const errorId = `${id}-error`;
  return (
    <>
      <span className="wp-date-control" ref={(el) => field.ref(el?.querySelector('input') ?? null)}>
        <DateField
          id={id}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          min={min}
          required={required}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? errorId : undefined}
        />
      </span>
      <FieldError id={errorId} message={fieldState.error?.message} />
    </>
  );
}
