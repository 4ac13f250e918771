import { useId } from 'react';

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  hint?: string;
  autoComplete?: string;
  disabled?: boolean;
  name?: string;
}

/** A labelled text input with its error and hint tied to it for screen readers. */
export function TextInput({ label, value, onChange, error, type = 'text', hint, autoComplete = 'off', disabled = false, name }: TextInputProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className="input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? <p id={`${id}-hint`} className="admin-muted">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="field__error">{error}</p> : null}
    </div>
  );
}
