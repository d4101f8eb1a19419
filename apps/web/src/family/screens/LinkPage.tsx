import { useEffect, useState } from 'react';
import { ApiError, familyApi } from '../api';
import { Alert } from '../components/Alert';
import { useI18n } from '../i18n/language';
import { APPLICATIONS, applicationPath } from '../paths';
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

/** An expired, used or mistyped link, as opposed to a failure worth the server's words. */
const refusedLink = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * `/family/link/:token[?to=:id]`: the link from the sign-in e-mail opens the session and goes on to the applications;
 * a message's link goes on to its application (its answer page). A message's link opened again, once spent, still
 * leads there when this browser is signed in.
 */
export function LinkPage({ token, to }: { token: string; to: number | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const next = to === null ? APPLICATIONS : applicationPath(to);
    const goOn = () => current && navigate(next, { replace: true });
    const fail = (error: unknown) => current && setFailure(refusedLink(error) ? t('linkExpired') : errorText(error));
    openOnce(token).then(goOn, (error: unknown) => {
      if (to === null || !refusedLink(error)) return fail(error);
      familyApi.session(true).then(goOn, () => fail(error));
    });
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
