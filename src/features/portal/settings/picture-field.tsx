import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICTURE_ACCEPT, type PictureKind } from '../../../domain/portal/pictures';
import { toast } from '../../../lib/ui/toasts';
import { setPicture } from '../actions';
import { usePicture } from '../pictures/use-picture';

/** Choose (or take) a profile or homepage picture; shows the current one from the `user` cache. */
export function PictureField({ kind, current, label }: { kind: PictureKind; current: unknown; label: string }) {
  const { t } = useTranslation();
  const url = usePicture(current);
  const [error, setError] = useState<string | null>(null);
  const id = `picture-${kind}`;
  return (
    <div className="picture-field">
      <p className="field__label" id={`${id}-label`}>
        {label}
      </p>
      {url ? <img className="picture-field__preview" src={url} alt={t('portal.settings.pictureAlt')} /> : <p className="portal__hint">{t('portal.settings.noPicture')}</p>}
      <label className="button file-button" htmlFor={id}>
        {t('portal.settings.choose')}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={PICTURE_ACCEPT}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void setPicture(kind, file).then((r) => {
            setError(r.ok ? null : r.error);
            if (r.ok) toast(t('portal.settings.pictureSaved'), { kind: 'success' });
          });
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {t('portal.settings.pictureHint')}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {t(error as 'portal.errors.unknown')}
        </p>
      ) : null}
    </div>
  );
}
