import { useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/** A password input with a show/hide toggle (a pressed-state button that names what it does). */
export function PasswordInput({ id, className, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input id={id} type={visible ? 'text' : 'password'} className={['input', className].filter(Boolean).join(' ')} {...props} />
      <button type="button" className="password-input__toggle" aria-controls={id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? t('login.hidePassword') : t('login.showPassword')}
      </button>
    </div>
  );
}
