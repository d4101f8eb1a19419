import { escapeHtml } from '@openseat/shared/communication';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Mail } from '../mail/mail.types';

/** The sign-in mail of the family portal, in the guardian's language: a one-time link and the same sign-in's code. */
const TEXT: Record<FamilyLanguage, { subject: string; body: (link: string, code: string) => string }> = {
  en: {
    subject: 'Your sign-in link to the family portal',
    body: (link, code) =>
      `Hello,\n\nOpen this link within 30 minutes to see your applications:\n\n${link}\n\nOr type this code on the sign-in page: ${code}\n\nThe link and the code work once. If you did not ask for them, ignore this e-mail.`,
  },
  es: {
    subject: 'Su enlace para entrar al portal de familias',
    body: (link, code) =>
      `Hola:\n\nAbra este enlace dentro de 30 minutos para ver sus solicitudes:\n\n${link}\n\nO escriba este código en la página de entrada: ${code}\n\nEl enlace y el código sirven una sola vez. Si usted no los pidió, ignore este correo.`,
  },
  vi: {
    subject: 'Đường dẫn đăng nhập cổng thông tin gia đình',
    body: (link, code) =>
      `Xin chào,\n\nHãy mở đường dẫn này trong vòng 30 phút để xem các hồ sơ của quý vị:\n\n${link}\n\nHoặc nhập mã này trên trang đăng nhập: ${code}\n\nĐường dẫn và mã chỉ dùng được một lần. Nếu quý vị không yêu cầu, xin bỏ qua thư này.`,
  },
  zh: {
    subject: '您的家庭门户登录链接',
    body: (link, code) =>
      `您好：\n\n请在 30 分钟内打开此链接，查看您的申请：\n\n${link}\n\n或在登录页面输入此验证码：${code}\n\n链接和验证码只能使用一次。如果您没有申请，请忽略此邮件。`,
  },
  ht: {
    subject: 'Lyen pou antre nan pòtay fanmi an',
    body: (link, code) =>
      `Bonjou,\n\nOuvri lyen sa a nan 30 minit pou wè demann ou yo:\n\n${link}\n\nOswa tape kòd sa a sou paj pou antre a: ${code}\n\nLyen an ak kòd la mache yon sèl fwa. Si se pa ou ki te mande yo, pa okipe imèl sa a.`,
  },
  ar: {
    subject: 'رابط الدخول إلى بوابة الأسر',
    body: (link, code) =>
      `مرحبًا،\n\nافتح هذا الرابط خلال 30 دقيقة لرؤية طلباتك:\n\n${link}\n\nأو اكتب هذا الرمز في صفحة الدخول: ${code}\n\nيعمل الرابط والرمز مرة واحدة فقط. إذا لم تطلبهما، فتجاهل هذه الرسالة.`,
  },
};

export function signInMail(to: string, link: string, code: string, lng: FamilyLanguage): Mail {
  const t = TEXT[lng];
  const text = t.body(link, code);
  const html = `<div dir="${lng === 'ar' ? 'rtl' : 'ltr'}" lang="${lng}">${escapeHtml(text)
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>')}</div>`;
  return { to, subject: t.subject, text, html };
}

/**
 * The sign-in code by text message: one SMS segment in every language (160 GSM-7 characters for English, Spanish and
 * Haitian Creole, whose words here avoid letters outside GSM-7; 70 UCS-2 characters for the others). No link: the
 * guardian types the code on the sign-in page that asked for it.
 */
const SMS: Record<FamilyLanguage, (code: string) => string> = {
  en: (code) =>
    `Your family portal sign-in code is ${code}. It works once, for 30 minutes. If you did not ask for it, ignore this text.`,
  es: (code) =>
    `Su clave para entrar al portal de familias es ${code}. Sirve una sola vez, durante 30 minutos. Si no fue usted, ignore este mensaje.`,
  vi: (code) => `Mã đăng nhập cổng gia đình: ${code}, dùng 1 lần trong 30 phút.`,
  zh: (code) => `家庭门户登录验证码：${code}。30 分钟内有效，仅可使用一次。如非本人操作，请忽略此短信。`,
  ht: (code) =>
    `Kòd ou pou antre nan pòtay fanmi an se ${code}. Li mache yon sèl fwa, pandan 30 minit. Si se pa ou ki te mande l, pa okipe mesaj sa a.`,
  ar: (code) => `رمز دخولك إلى بوابة الأسر: ${code}، صالح مرة واحدة لمدة 30 دقيقة.`,
};

export const signInSms = (code: string, lng: FamilyLanguage): string => SMS[lng](code);
