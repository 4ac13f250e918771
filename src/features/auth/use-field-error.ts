import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authText } from './auth-text';

/** The text of a field's error: a schema key translated (with the field's label), or the server's text as set. */
export function useFieldError(): (error: FieldError | undefined, label: string) => string | null {
  const { t } = useTranslation();
  return (error, label) => {
    if (!error?.message) return null;
    return error.type === 'server' ? error.message : authText(t, error.message, { field: label });
  };
}
