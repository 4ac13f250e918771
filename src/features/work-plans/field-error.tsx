import { useTranslation } from 'react-i18next';
import { tx } from './text';

/** A field's validation message (an i18n key), tied to its input by id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {tx(t, message)}
    </p>
  );
}
