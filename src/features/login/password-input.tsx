import { useState } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/**
 * A password input with a show/hide toggle inside its right edge. The toggle's visible word
 * ("Tonen") is part of its accessible name ("Wachtwoord tonen"), and aria-pressed tells its state.
 */
export function PasswordInput({ id, className, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input id={id} type={visible ? 'text' : 'password'} className={['input', 'password-input__field', className].filter(Boolean).join(' ')} {...props} />
      <button
        type="button"
        className="password-input__toggle"
        aria-controls={id}
        aria-pressed={visible}
        aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? t('login.hide') : t('login.show')}
      </button>
    </div>
  );
}
