import { useEffect } from 'react';
import { familyApi } from '../api';
import { useI18n } from '../i18n/language';
import { APPLICATIONS } from '../paths';
import { useNavigate, usePlace } from '../router';
import { SignInFlow } from './SignInFlow';

/** `/family`: the sign-in screen; a guardian still signed in goes on to their applications. */
export function SignInPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const sessionEnded = (usePlace().state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  useEffect(() => {
    if (sessionEnded) return;
    let current = true;
    familyApi.session(true).then(
      () => current && navigate(APPLICATIONS, { replace: true }),
      () => {
        // not signed in: this screen is the place
      },
    );
    return () => {
      current = false;
    };
  }, [sessionEnded, navigate]);
  return <SignInFlow message={sessionEnded ? <p className="notice">{t('sessionEnded')}</p> : null} />;
}
