import { escapeHtml } from '@openseat/shared/communication';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Mail } from '../mail/mail.types';

type Invite = { school: string; child: string; item: string; link: string; days: number };

/** The second guardian's invitation to sign an agreement, in the inviting guardian's language. */
const TEXT: Record<FamilyLanguage, { subject: (i: Invite) => string; body: (i: Invite) => string }> = {
  en: {
    subject: (i) => `${i.school}: please sign "${i.item}" for ${i.child}`,
    body: (i) =>
      `Hello,\n\nThe other guardian of ${i.child} has signed "${i.item}" for ${i.school} and asks you to sign it too.\n\nOpen this link to read it and sign (it works once, for ${i.days} days):\n\n${i.link}\n\nIf you do not know this school, ignore this e-mail.`,
  },
  es: {
    subject: (i) => `${i.school}: firme «${i.item}» para ${i.child}`,
    body: (i) =>
      `Hola:\n\nEl otro tutor de ${i.child} firmó «${i.item}» para ${i.school} y le pide que usted también lo firme.\n\nAbra este enlace para leerlo y firmarlo (sirve una sola vez, durante ${i.days} días):\n\n${i.link}\n\nSi no conoce esta escuela, ignore este correo.`,
  },
  vi: {
    subject: (i) => `${i.school}: xin ký "${i.item}" cho ${i.child}`,
    body: (i) =>
      `Xin chào,\n\nNgười giám hộ kia của ${i.child} đã ký "${i.item}" cho ${i.school} và mời quý vị cùng ký.\n\nHãy mở đường dẫn này để đọc và ký (chỉ dùng được một lần, trong ${i.days} ngày):\n\n${i.link}\n\nNếu quý vị không biết trường này, xin bỏ qua thư này.`,
  },
  zh: {
    subject: (i) => `${i.school}：请为 ${i.child} 签署“${i.item}”`,
    body: (i) =>
      `您好：\n\n${i.child} 的另一位监护人已为 ${i.school} 签署“${i.item}”，并请您也签署。\n\n请打开此链接阅读并签署（仅可使用一次，${i.days} 天内有效）：\n\n${i.link}\n\n如果您不认识这所学校，请忽略此邮件。`,
  },
  ht: {
    subject: (i) => `${i.school}: tanpri siyen "${i.item}" pou ${i.child}`,
    body: (i) =>
      `Bonjou,\n\nLòt responsab ${i.child} la siyen "${i.item}" pou ${i.school} epi li mande w siyen l tou.\n\nOuvri lyen sa a pou li l epi siyen (li mache yon sèl fwa, pandan ${i.days} jou):\n\n${i.link}\n\nSi ou pa konnen lekòl sa a, pa okipe imèl sa a.`,
  },
  ar: {
    subject: (i) => `${i.school}: يرجى توقيع "${i.item}" من أجل ${i.child}`,
    body: (i) =>
      `مرحبًا،\n\nوقّع ولي الأمر الآخر لـ ${i.child} على "${i.item}" لدى ${i.school} ويطلب منك التوقيع أيضًا.\n\nافتح هذا الرابط لقراءته وتوقيعه (يعمل مرة واحدة، لمدة ${i.days} أيام):\n\n${i.link}\n\nإذا كنت لا تعرف هذه المدرسة، فتجاهل هذه الرسالة.`,
  },
};

export function cosignMail(to: string, invite: Invite, lng: FamilyLanguage): Mail {
  const t = TEXT[lng];
  const text = t.body(invite);
  const link = escapeHtml(invite.link);
  const html = `<div dir="${lng === 'ar' ? 'rtl' : 'ltr'}" lang="${lng}">${escapeHtml(text)
    .replace(link, `<a href="${link}">${link}</a>`)
    .replace(/\n/g, '<br>')}</div>`;
  return { to, subject: t.subject(invite), text, html };
}
