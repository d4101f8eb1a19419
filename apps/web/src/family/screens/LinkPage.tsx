import { useEffect, useState } from 'react';
import { ApiError, familyApi } from '../api';
import { Alert } from '../components/Alert';
import { useI18n } from '../i18n/language';
import { APPLICATIONS } from '../paths';
import { useNavigate } from '../router';
import { useErrorText } from '../use-load';
import { SignInFlow } from './SignInFlow';

/** A link's token is good for one sign-in: React's development double effects must not spend it twice. */
const opening = new Map<string, Promise<unknown>>();

function openOnce(token: string) {
  let pending = opening.get(token);
  if (!pending) {
    pending = familyApi.openSession({ token }).finally(() => opening.delete(token));
    opening.set(token, pending);
  }
  return pending;
}

/** `/family/link/:token`: the link from the sign-in e-mail opens the session and goes on to the applications. */
export function LinkPage({ token }: { token: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    openOnce(token).then(
      () => current && navigate(APPLICATIONS, { replace: true }),
      (error: unknown) => {
        if (!current) return;
        // an expired, used or mistyped link: one clear sentence; any other failure as the server words it
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
        setFailure(refused ? t('linkExpired') : errorText(error));
      },
    );
    return () => {
      current = false;
    };
    // the words may change language while the link opens; the token is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  if (failure === null)
    return (
      <p role="status" className="loading">
        {t('linkChecking')}
      </p>
    );
  return <SignInFlow message={<Alert message={failure} />} />;
}
