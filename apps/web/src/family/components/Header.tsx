import { useId } from 'react';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import { FAMILY_LANGUAGES, LANGUAGE_NAMES, isFamilyLanguage } from '../constants';
import { useI18n } from '../i18n/language';
import { TEXTS } from '../paths';
import { Link } from '../router';

type Props = {
  /** The signed-in contact, partly hidden; null when signed out (no sign-out button then). */
  contact: string | null;
  signedIn: boolean;
  onLanguage: (lng: FamilyLanguage) => void;
  onSignOut?: () => void;
};

/**
 * The portal's name, the language chooser and, signed in, who is signed in, their choice of text messages (the
 * portal's one setting besides the language) and the way out.
 */
export function Header({ contact, signedIn, onLanguage, onSignOut }: Props) {
  const { t, lng } = useI18n();
  const languageId = useId();
  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className="header__inner">
        <p className="header__name">
          <span aria-hidden="true">OpenSeat · </span>
          {t('appName')}
        </p>
        <div className="header__tools">
          <label className="header__language" htmlFor={languageId}>
            <span>{t('language')}</span>
            <select
              id={languageId}
              value={lng}
              onChange={(event) => isFamilyLanguage(event.target.value) && onLanguage(event.target.value)}
            >
              {FAMILY_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          {signedIn && onSignOut ? (
            <button type="button" className="button button--quiet" onClick={onSignOut}>
              {t('signOut')}
            </button>
          ) : null}
        </div>
      </div>
      {contact ? <p className="header__contact">{t('signedInAs', { contact })}</p> : null}
      {signedIn ? (
        <p className="header__contact">
          <Link to={TEXTS}>{t('textsLink')}</Link>
        </p>
      ) : null}
    </header>
  );
}
