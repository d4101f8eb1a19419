import type { Language } from '@openseat/shared/constants';
import { escapeHtml } from '@openseat/shared/communication';
import { translate } from '@openseat/shared/messages';

/* The unsubscribe link's pages: the question a GET shows, and the answer once the opt-out is recorded. */

const PAGE: Record<Language, { title: string; ask: string; button: string; done: string }> = {
  en: {
    title: 'Unsubscribe',
    ask: 'Stop receiving bulk messages and reminders from the school at',
    button: 'Unsubscribe',
    done: translate('unsubscribed', 'en'),
  },
  es: {
    title: 'Darse de baja',
    ask: 'Dejar de recibir mensajes masivos y recordatorios de la escuela en',
    button: 'Darme de baja',
    done: translate('unsubscribed', 'es'),
  },
};

const page = (lng: Language, title: string, body: string) =>
  `<!doctype html><html lang="${lng}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body><main>${body}</main></body></html>`;

/** The confirmation page a GET shows: the address and a button that posts the opt-out. */
export function unsubscribeQuestionPage(address: string, lng: Language): string {
  const t = PAGE[lng];
  return page(
    lng,
    t.title,
    `<h1>${t.title}</h1><p>${t.ask} <strong>${escapeHtml(address)}</strong>?</p>` +
      `<form method="post"><input type="hidden" name="confirm" value="1">` +
      `<button type="submit">${t.button}</button></form>`,
  );
}

/** The page once the opt-out is recorded. */
export const unsubscribedPage = (lng: Language): string =>
  page(lng, PAGE[lng].title, `<h1>${PAGE[lng].title}</h1><p>${PAGE[lng].done}</p>`);
