import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageView, PartyKey } from '../../domain/messages/views';
import { correspondents, searchRecipients, type RecipientChoice } from './recipient-search';

interface RecipientComboboxProps {
  value: RecipientChoice | null;
  onChange: (value: RecipientChoice | null) => void;
  me: PartyKey;
  messages: readonly MessageView[];
  online: boolean;
  error?: string | undefined;
  invalid: boolean;
}

/**
 * Recipient search (ARIA combobox with a listbox): type to search, arrow keys move, Enter chooses,
 * Escape closes. Online the server answers whom the viewer may write to; offline the people from
 * the viewer's own messages.
 */
export function RecipientCombobox({ value, onChange, me, messages, online, error, invalid }: RecipientComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<RecipientChoice[]>([]);
  const [busy, setBusy] = useState(false);
  const shown = online ? options : correspondents(messages, me, text);

  useEffect(() => {
    if (!open || !online) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setBusy(true);
      searchRecipients(text, controller.signal)
        .then((found) => setOptions(found))
        .catch(() => {
          if (!controller.signal.aborted) setOptions(correspondents(messages, me, text));
        })
        .finally(() => {
          if (!controller.signal.aborted) setBusy(false);
        });
    }, 200);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [text, open, online, messages, me]);

  if (value) {
    return (
      <div className="recipient-chosen">
        <span id={`${id}-chosen`} data-testid="recipient-chosen">
          {value.name}
        </span>
        <button type="button" className="button button--small" onClick={() => onChange(null)}>
          {t('messages.compose.change')}
        </button>
      </div>
    );
  }

  const choose = (choice: RecipientChoice | undefined) => {
    if (!choice) return;
    onChange(choice);
    setOpen(false);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(0, shown.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(-1, a - 1));
    } else if (e.key === 'Enter') {
      const target = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
      if (open && target) {
        e.preventDefault();
        choose(target);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const listId = `${id}-list`;
  return (
    <div className="recipient-combobox">
      <input
        id="compose-recipient"
        type="text"
        role="combobox"
        className="input"
        autoComplete="off"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={error ? 'compose-recipient-error' : undefined}
        placeholder={t('messages.compose.recipientPlaceholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="recipient-combobox__list" aria-label={t('messages.compose.to')}>
          {!online && <li className="recipient-combobox__note">{t('messages.compose.offlineSearch')}</li>}
          {busy && shown.length === 0 && <li className="recipient-combobox__note">{t('messages.compose.searching')}</li>}
          {!busy && shown.length === 0 && <li className="recipient-combobox__note">{t('messages.compose.noRecipients')}</li>}
          {shown.map((o, i) => (
            <li
              key={o.key}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`recipient-combobox__option${i === active ? ' recipient-combobox__option--active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              {o.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
