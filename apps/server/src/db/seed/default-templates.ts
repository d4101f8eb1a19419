import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';

/*
 * The offer messages a school starts with (the demo seed binds them to any move into offered). An offer tells the
 * family everything they need to answer: who offers (school and campus), until when (day, time and time zone,
 * where the campus is), and how to accept or decline: online through the family portal's link (it signs the family in,
 * made as the message is sent), or by replying, writing or calling the campus. One of each per family language, with
 * the same merge fields: the family's language picks one when the offer is made (English when none is in it).
 */

/** `from` null: any move into `to` (an offer from the lottery, the waiting list or by hand). */
export type DefaultTemplate = { from: StatusId | null; to: StatusId; lng: FamilyLanguage; name: string; text: string };
export type DefaultEmail = DefaultTemplate & { subject: string };

export const OFFER_EMAILS: DefaultEmail[] = [
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'en',
    name: 'Seat offered',
    subject:
      'A seat for {{applicant_first_name}} at {{school_name}}{{#acceptance_deadline}}: please answer by {{acceptance_deadline}}{{/acceptance_deadline}}',
    text: [
      'Hello {{guardian_name}},',
      '',
      'We are happy to offer {{applicant_first_name}} {{applicant_last_name}} a seat in grade {{grade}} at {{campus_name}} ({{school_name}}) for the {{school_year}} school year.',
      '{{#acceptance_deadline}}',
      'Please tell us by {{acceptance_deadline}} whether you accept or decline the seat. If we do not hear from you by then, the seat may be offered to the next family on the waiting list.',
      '{{/acceptance_deadline}}',
      'To accept or decline, answer online: {{portal_link}}',
      '',
      'You can also reply to this e-mail, write to {{campus_email}} or call us at {{campus_phone}}.',
      '',
      '{{campus_name}}, {{school_name}}',
      'Phone: {{campus_phone}}',
      'E-mail: {{campus_email}}',
    ].join('\n'),
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'es',
    name: 'Cupo ofrecido',
    subject:
      'Un cupo para {{applicant_first_name}} en {{school_name}}{{#acceptance_deadline}}: responda antes del {{acceptance_deadline}}{{/acceptance_deadline}}',
    text: [
      'Hola {{guardian_name}},',
      '',
      'Nos alegra ofrecer a {{applicant_first_name}} {{applicant_last_name}} un cupo en el grado {{grade}} en {{campus_name}} ({{school_name}}) para el año escolar {{school_year}}.',
      '{{#acceptance_deadline}}',
      'Indíquenos antes del {{acceptance_deadline}} si acepta o rechaza el cupo. Si no tenemos su respuesta para entonces, el cupo puede ofrecerse a la siguiente familia de la lista de espera.',
      '{{/acceptance_deadline}}',
      'Para aceptar o rechazar, responda en línea: {{portal_link}}',
      '',
      'También puede responder a este correo, escribir a {{campus_email}} o llamarnos al {{campus_phone}}.',
      '',
      '{{campus_name}}, {{school_name}}',
      'Teléfono: {{campus_phone}}',
      'Correo: {{campus_email}}',
    ].join('\n'),
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'vi',
    name: 'Seat offered (Tiếng Việt)',
    subject:
      'Một chỗ học cho {{applicant_first_name}} tại {{school_name}}{{#acceptance_deadline}}: vui lòng trả lời trước {{acceptance_deadline}}{{/acceptance_deadline}}',
    text: [
      'Kính gửi {{guardian_name}},',
      '',
      'Chúng tôi vui mừng dành cho {{applicant_first_name}} {{applicant_last_name}} một chỗ học lớp {{grade}} tại {{campus_name}} ({{school_name}}) cho năm học {{school_year}}.',
      '{{#acceptance_deadline}}',
      'Vui lòng cho chúng tôi biết trước {{acceptance_deadline}} quý vị chấp nhận hay từ chối chỗ học này. Nếu đến thời hạn đó chúng tôi chưa nhận được trả lời của quý vị, chỗ học có thể được dành cho gia đình kế tiếp trong danh sách chờ.',
      '{{/acceptance_deadline}}',
      'Để chấp nhận hoặc từ chối, vui lòng trả lời trực tuyến: {{portal_link}}',
      '',
      'Quý vị cũng có thể trả lời e-mail này, viết thư đến {{campus_email}} hoặc gọi cho chúng tôi theo số {{campus_phone}}.',
      '',
      '{{campus_name}}, {{school_name}}',
      'Điện thoại: {{campus_phone}}',
      'E-mail: {{campus_email}}',
    ].join('\n'),
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'zh',
    name: 'Seat offered (简体中文)',
    subject:
      '{{school_name}}为{{applicant_first_name}}提供一个学位{{#acceptance_deadline}}：请在{{acceptance_deadline}}之前答复{{/acceptance_deadline}}',
    text: [
      '{{guardian_name}}，您好：',
      '',
      '我们很高兴地通知您，{{campus_name}}（{{school_name}}）将在{{school_year}}学年为{{applicant_first_name}} {{applicant_last_name}}提供一个学位（年级：{{grade}}）。',
      '{{#acceptance_deadline}}',
      '请在{{acceptance_deadline}}之前告诉我们您接受还是放弃这个学位。如果届时我们仍未收到您的答复，该学位可能会提供给候补名单上的下一个家庭。',
      '{{/acceptance_deadline}}',
      '如需接受或放弃，请在线答复：{{portal_link}}',
      '',
      '您也可以直接回复此邮件、发送邮件至{{campus_email}}，或致电{{campus_phone}}。',
      '',
      '{{campus_name}}，{{school_name}}',
      '电话：{{campus_phone}}',
      '电子邮件：{{campus_email}}',
    ].join('\n'),
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'ht',
    name: 'Seat offered (Kreyòl ayisyen)',
    subject:
      'Yon plas pou {{applicant_first_name}} nan {{school_name}}{{#acceptance_deadline}}: tanpri reponn anvan {{acceptance_deadline}}{{/acceptance_deadline}}',
    text: [
      'Bonjou {{guardian_name}},',
      '',
      'Nou kontan ofri {{applicant_first_name}} {{applicant_last_name}} yon plas nan klas {{grade}} nan {{campus_name}} ({{school_name}}) pou ane lekòl {{school_year}}.',
      '{{#acceptance_deadline}}',
      'Tanpri fè nou konnen anvan {{acceptance_deadline}} si ou aksepte oswa si ou refize plas la. Si nou pa resevwa repons ou anvan lè sa a, nou ka ofri plas la bay pwochen fanmi ki sou lis datant la.',
      '{{/acceptance_deadline}}',
      'Pou aksepte oswa refize, reponn sou entènèt: {{portal_link}}',
      '',
      'Ou kapab reponn imèl sa a tou, ekri nou nan {{campus_email}} oswa rele nou nan {{campus_phone}}.',
      '',
      '{{campus_name}}, {{school_name}}',
      'Telefòn: {{campus_phone}}',
      'Imèl: {{campus_email}}',
    ].join('\n'),
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'ar',
    name: 'Seat offered (العربية)',
    subject:
      'عرض مقعد دراسي لـ {{applicant_first_name}} في {{school_name}}{{#acceptance_deadline}}: يُرجى الرد قبل {{acceptance_deadline}}{{/acceptance_deadline}}',
    text: [
      'مرحبًا {{guardian_name}}،',
      '',
      'يسعدنا أن نعرض على {{applicant_first_name}} {{applicant_last_name}} مقعدًا دراسيًا في الصف {{grade}} في {{campus_name}} ({{school_name}}) للعام الدراسي {{school_year}}.',
      '{{#acceptance_deadline}}',
      'يُرجى إبلاغنا قبل {{acceptance_deadline}} بقبولكم المقعد أو رفضه. وإذا لم يصلنا ردّكم بحلول ذلك الموعد، فقد يُعرض المقعد على الأسرة التالية في قائمة الانتظار.',
      '{{/acceptance_deadline}}',
      'لقبول المقعد أو رفضه، يُرجى الرد عبر الإنترنت: {{portal_link}}',
      '',
      'ويمكنكم أيضًا الرد على هذا البريد الإلكتروني، أو الكتابة إلى {{campus_email}}، أو الاتصال بنا على الرقم {{campus_phone}}.',
      '',
      '{{campus_name}}، {{school_name}}',
      'الهاتف: {{campus_phone}}',
      'البريد الإلكتروني: {{campus_email}}',
    ].join('\n'),
  },
];

export const OFFER_TEXT_MESSAGES: DefaultTemplate[] = [
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'en',
    name: 'Seat offered (SMS)',
    text: '{{school_name}}, {{campus_name}}: {{applicant_first_name}} is offered a seat in grade {{grade}}. Accept or decline{{#acceptance_deadline}} by {{acceptance_deadline}}{{/acceptance_deadline}}: {{portal_link}} or call {{campus_phone}}.',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'es',
    name: 'Cupo ofrecido (SMS)',
    text: '{{school_name}}, {{campus_name}}: hay un cupo en el grado {{grade}} para {{applicant_first_name}}. Acepte o rechace{{#acceptance_deadline}} antes del {{acceptance_deadline}}{{/acceptance_deadline}}: {{portal_link}} o llame al {{campus_phone}}.',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'vi',
    name: 'Seat offered (SMS, Tiếng Việt)',
    text: '{{school_name}}, {{campus_name}}: {{applicant_first_name}} được dành một chỗ học lớp {{grade}}. Vui lòng chấp nhận hoặc từ chối{{#acceptance_deadline}} trước {{acceptance_deadline}}{{/acceptance_deadline}}: {{portal_link}} hoặc gọi {{campus_phone}}.',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'zh',
    name: 'Seat offered (SMS, 简体中文)',
    text: '{{school_name}}，{{campus_name}}：{{applicant_first_name}}获得一个学位（年级：{{grade}}）。请{{#acceptance_deadline}}在{{acceptance_deadline}}之前{{/acceptance_deadline}}接受或放弃：{{portal_link}} 或致电{{campus_phone}}。',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'ht',
    name: 'Seat offered (SMS, Kreyòl ayisyen)',
    text: '{{school_name}}, {{campus_name}}: gen yon plas nan klas {{grade}} pou {{applicant_first_name}}. Aksepte oswa refize{{#acceptance_deadline}} anvan {{acceptance_deadline}}{{/acceptance_deadline}}: {{portal_link}} oswa rele {{campus_phone}}.',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'ar',
    name: 'Seat offered (SMS, العربية)',
    text: '{{school_name}}، {{campus_name}}: يتوفر مقعد دراسي لـ {{applicant_first_name}} في الصف {{grade}}. يُرجى القبول أو الرفض{{#acceptance_deadline}} قبل {{acceptance_deadline}}{{/acceptance_deadline}}: {{portal_link}} أو الاتصال على {{campus_phone}}.',
  },
];
