import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import { ApiError, familyApi, onSessionEnd, setApiLanguage } from './api';
import { Alert } from './components/Alert';
import { Header } from './components/Header';
import type { Translation } from './i18n/en';
import {
  I18nContext,
  applyDocumentLanguage,
  loadMessages,
  makeI18n,
  rememberLanguage,
  rememberedLanguage,
  useI18n,
} from './i18n/language';
import { SIGN_IN, screenAt, type Screen } from './paths';
import { Redirect, Router, useNavigate, usePlace } from './router';
import { ApplicationPage } from './screens/ApplicationPage';
import { ApplicationsPage } from './screens/ApplicationsPage';
import { LinkPage } from './screens/LinkPage';
import { AgreementPage } from './screens/AgreementPage';
import { CosignPage } from './screens/CosignPage';
import { RegistrationFormPage } from './screens/RegistrationFormPage';
import { SignInPage } from './screens/SignInPage';
import { TextsPage } from './screens/TextsPage';
import { useErrorText } from './use-load';

export type StartLanguage = { lng: FamilyLanguage; messages: Translation };

/** The portal at the browser's address, in `start`'s language until the guardian picks another. */
export function FamilyApp({ start }: { start: StartLanguage }) {
  const [current, setCurrent] = useState(start);
  const changeLanguage = useCallback((lng: FamilyLanguage) => {
    rememberLanguage(lng);
    void loadMessages(lng).then((messages) => setCurrent({ lng, messages }));
  }, []);
  useEffect(() => {
    applyDocumentLanguage(current.lng);
    setApiLanguage(current.lng);
  }, [current.lng]);
  const i18n = useMemo(() => makeI18n(current.lng, current.messages, changeLanguage), [current, changeLanguage]);
  return (
    <I18nContext.Provider value={i18n}>
      <Router>
        <SessionEndToSignIn />
        <Screens />
      </Router>
    </I18nContext.Provider>
  );
}

function Screens() {
  const place = usePlace();
  const screen = screenAt(place.pathname, place.search);
  switch (screen.name) {
    case 'sign-in':
    case 'link':
    case 'cosign':
      return <SignedOutLayout screen={screen} />;
    case 'applications':
    case 'texts':
    case 'application':
    case 'registration-form':
    case 'agreement':
      return <SignedInLayout screen={screen} />;
    default:
      return <Redirect to={SIGN_IN} />;
  }
}

/** A call answered 401 (no session, or it ended): back to the sign-in screen, which says so. */
function SessionEndToSignIn() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnd(() => navigate(SIGN_IN, { replace: true, state: { sessionEnded: true } })), [navigate]);
  return null;
}

function SignedOutLayout({ screen }: { screen: Extract<Screen, { name: 'sign-in' | 'link' | 'cosign' }> }) {
  const { changeLanguage } = useI18n();
  return (
    <>
      <Header contact={null} signedIn={false} onLanguage={changeLanguage} />
      <main id="main" className="main" tabIndex={-1}>
        {screen.name === 'link' ? (
          <LinkPage key={screen.token} token={screen.token} to={screen.to} />
        ) : screen.name === 'cosign' ? (
          <CosignPage key={screen.token} token={screen.token} id={screen.to} />
        ) : (
          <SignInPage />
        )}
      </main>
    </>
  );
}

/**
 * The signed-in screens: the header shows who is signed in, the language chosen here is saved for the guardian (their
 * messages follow it), and a language saved before on another device is taken unless this browser has its own choice.
 */
type SignedInScreen = Extract<
  Screen,
  { name: 'applications' | 'texts' | 'application' | 'registration-form' | 'agreement' }
>;

function SignedInLayout({ screen }: { screen: SignedInScreen }) {
  const { lng, changeLanguage } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [contact, setContact] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    familyApi.session().then(
      (session) => {
        if (!current) return;
        setContact(session.contact);
        if (!rememberedLanguage() && session.lng !== lng) changeLanguage(session.lng);
      },
      (failure: unknown) => current && setError(errorText(failure)),
    );
    return () => {
      current = false;
    };
    // once per visit: the language the guardian picks later is theirs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const chooseLanguage = (next: FamilyLanguage) => {
    changeLanguage(next);
    familyApi.setLanguage(next).then(
      () => setError(null),
      (failure: unknown) => setError(errorText(failure)),
    );
  };
  const signOut = () => {
    familyApi.signOut().then(
      () => navigate(SIGN_IN, { replace: true }),
      // a session that had already ended is signed out too
      (failure: unknown) =>
        failure instanceof ApiError && failure.status === 401
          ? navigate(SIGN_IN, { replace: true })
          : setError(errorText(failure)),
    );
  };
  return (
    <>
      <Header contact={contact} signedIn onLanguage={chooseLanguage} onSignOut={signOut} />
      <main id="main" className="main" tabIndex={-1}>
        <Alert message={error} />
        <SignedInScreen screen={screen} />
      </main>
    </>
  );
}

function SignedInScreen({ screen }: { screen: SignedInScreen }) {
  if (screen.name === 'application') return <ApplicationPage key={screen.id} id={screen.id} />;
  if (screen.name === 'texts') return <TextsPage />;
  if (screen.name === 'registration-form')
    return <RegistrationFormPage key={`${screen.id}-${screen.item}`} id={screen.id} item={screen.item} />;
  if (screen.name === 'agreement')
    return <AgreementPage key={`${screen.id}-${screen.item}`} id={screen.id} item={screen.item} />;
  return <ApplicationsPage />;
}
