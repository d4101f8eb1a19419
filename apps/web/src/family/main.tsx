import './family.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FamilyApp } from './App';
import { applyDocumentLanguage, initialLanguage, loadMessages } from './i18n/language';

/*
 * The family portal (issue 24): its own page and bundle, apart from the staff app (no MUI, query cache or i18next),
 * small enough for a phone on a slow network. Only the chosen language's words are downloaded, before the first paint.
 */
const lng = initialLanguage();
applyDocumentLanguage(lng);

void loadMessages(lng).then((messages) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <FamilyApp start={{ lng, messages }} />
    </StrictMode>,
  ),
);
