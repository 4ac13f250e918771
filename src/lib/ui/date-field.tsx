import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, addMonths, dateFieldValue, dateTextToIso, isoToDateText, maskDateText, monthGrid, weekdayOf } from '../../domain/format/date-text';
import { languageOf, todayIso } from '../../domain/format/format';
import './date-field.css';

export interface DateFieldProps {
  id: string;
  /** ISO date (yyyy-mm-dd), '' for none; other text is shown as typed. */
  value: string | null | undefined;
  /** ISO date when the text is a real date, '' when empty, the text itself otherwise (the form's schema refuses it). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  min?: string | undefined;
  max?: string | undefined;
  readOnly?: boolean | undefined;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  className?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | undefined;
  'data-testid'?: string;
}

/**
 * A date field: dd-mm-jjjj text with an input mask, and a calendar that works by keyboard (the WAI-ARIA
 * date-picker dialog: arrows by day and week, Page Up/Down by month, Home/End the week, Enter chooses,
 * Escape closes and gives the focus back). The form only ever sees ISO dates (or the text, to refuse).
 * Replaces the native date input, which shows the browser's own format (mm/dd/yyyy in English browsers).
 */
export function DateField(props: DateFieldProps) {
  const { id, value, onChange, onBlur, min, max, readOnly, disabled } = props;
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const [text, setText] = useState(() => isoToDateText(value));
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const hintId = `${useId()}-format`;

  // Follow a value set from outside (a draft restored, a reset) without fighting the user's typing.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== dateFieldValue(text)) setText(isoToDateText(value));
  }

  const type = (raw: string) => {
    const masked = maskDateText(raw);
    setText(masked);
    onChange(dateFieldValue(masked));
  };

  const choose = (iso: string) => {
    setText(isoToDateText(iso));
    onChange(iso);
    setOpen(false);
    toggle.current?.focus();
  };

  const describedBy = [hintId, props['aria-describedby']].filter(Boolean).join(' ');
  return (
    <span className={`date-field ${props.className ?? ''}`.trim()}>
      <input
        id={id}
        name={props.name}
        className="input date-field__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('dateField.format')}
        maxLength={10}
        value={text}
        readOnly={readOnly}
        disabled={disabled}
        required={props.required}
        aria-invalid={props['aria-invalid']}
        aria-describedby={describedBy}
        data-testid={props['data-testid']}
        onChange={(e) => type(e.target.value)}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.altKey && e.key === 'ArrowDown' && !readOnly && !disabled) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      />
      <span id={hintId} className="visually-hidden">{t('dateField.formatHint')}</span>
      {readOnly ? null : (
        <button
          ref={toggle}
          type="button"
          className="date-field__toggle"
          aria-label={t('dateField.open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z" />
          </svg>
        </button>
      )}
      {open ? (
        <Calendar
          selected={dateTextToIso(text)}
          min={min}
          max={max}
          lang={lang}
          onChoose={choose}
          onClose={() => {
            setOpen(false);
            toggle.current?.focus();
          }}
          onLeave={() => setOpen(false)}
        />
      ) : null}
    </span>
  );
}

interface CalendarProps {
  selected: string | null;
  min: string | undefined;
  max: string | undefined;
  lang: 'nl' | 'en';
  onChoose: (iso: string) => void;
  onClose: () => void;
  onLeave: () => void;
}

function Calendar({ selected, min, max, lang, onChoose, onClose, onLeave }: CalendarProps) {
  const { t } = useTranslation();
  const locale = lang === 'en' ? 'en-GB' : 'nl-NL';
  const today = todayIso();
  const [focus, setFocus] = useState(() => selected ?? (max && today > max ? max : min && today < min ? min : today));
  const dialog = useRef<HTMLDivElement>(null);
  const headingId = `${useId()}-month`;
  const helpId = `${headingId}-help`;
  const moved = useRef(false);

  useEffect(() => {
    // Focus the focused day when the calendar opens and after every move by keyboard.
    dialog.current?.querySelector<HTMLButtonElement>(`[data-date="${focus}"]`)?.focus();
    moved.current = false;
  }, [focus]);

  const outside = (iso: string) => (min != null && min !== '' && iso < min) || (max != null && max !== '' && iso > max);
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${focus}T00:00:00Z`));
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 23 + i))); // 23-11-2026 is a Monday
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });

  const onGridKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focus, e.shiftKey ? 12 : 1),
      Home: () => addDays(focus, -weekdayOf(focus)),
      End: () => addDays(focus, 6 - weekdayOf(focus)),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      moved.current = true;
      setFocus(move());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!outside(focus)) onChoose(focus);
    }
  };

  return (
    <div
      ref={dialog}
      className="date-field__dialog"
      role="dialog"
      aria-modal="false"
      aria-label={t('dateField.dialog')}
      aria-describedby={helpId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
      onBlur={(e) => {
        if (!dialog.current?.contains(e.relatedTarget) && !(e.relatedTarget as HTMLElement | null)?.classList.contains('date-field__toggle')) onLeave();
      }}
    >
      <div className="date-field__header">
        <button type="button" className="date-field__nav" aria-label={t('dateField.previous')} onClick={() => setFocus(addMonths(focus, -1))}>‹</button>
        <h2 id={headingId} className="date-field__month" aria-live="polite">{monthTitle}</h2>
        <button type="button" className="date-field__nav" aria-label={t('dateField.next')} onClick={() => setFocus(addMonths(focus, 1))}>›</button>
      </div>
      <table role="grid" className="date-field__grid" aria-labelledby={headingId} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d.getTime()} scope="col" abbr={long.format(d)}>{short.format(d).replace('.', '')}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(focus).map((week, w) => (
            <tr key={week.find(Boolean) ?? w}>
              {week.map((iso, i) =>
                iso ? (
                  <td key={iso} aria-selected={iso === selected}>
                    <button
                      type="button"
                      className="date-field__day"
                      data-date={iso}
                      tabIndex={iso === focus ? 0 : -1}
                      aria-label={`${Number(iso.slice(8))} ${dayName.format(new Date(`${iso}T00:00:00Z`))}`}
                      aria-current={iso === today ? 'date' : undefined}
                      aria-disabled={outside(iso) || undefined}
                      onClick={() => {
                        if (!outside(iso)) onChoose(iso);
                      }}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`e${w}-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={helpId} className="date-field__help">{t('dateField.help')}</p>
      <button type="button" className="button date-field__close" onClick={onClose}>{t('dateField.close')}</button>
    </div>
  );
}
