import { escapeHtml } from '@openseat/shared/communication';
import { supportedLanguage } from '@openseat/shared/constants';
import type { Mail } from '../mail/mail.types';

const TEXT = {
  en: {
    subject: 'Reset your OpenSeat password',
    body: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your OpenSeat account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  },
  es: {
    subject: 'Restablezca su contraseña de OpenSeat',
    body: (name: string, link: string) =>
      `Hola ${name},\n\nAlguien pidió restablecer la contraseña de su cuenta de OpenSeat. Abra este enlace dentro de una hora para elegir una nueva contraseña:\n\n${link}\n\nSi no fue usted, ignore este correo: su contraseña no cambia.`,
  },
};

export function resetPasswordMail(to: string, name: string, link: string, lng: string): Mail {
  const t = TEXT[supportedLanguage(lng)];
  const text = t.body(name, link);
  const html = escapeHtml(text)
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>');
  return { to, subject: t.subject, text, html };
}
