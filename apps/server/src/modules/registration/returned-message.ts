import type { FamilyLanguage } from '@openseat/shared/schemas/family';

/*
 * The message a family gets when staff return a registration item (docs/registration.md, "Telling the family"): a
 * system message in each family language, not a school template, because it is not a status move (templates bind to
 * moves) and it must always go, with the reason. The merge fields are the outbox's (`{{portal_link}}` is made as
 * the message is sent) plus `{{registration_item}}` and `{{return_reason}}`.
 */

export type ReturnedMessage = { subject: string; text: string; sms: string };

export const RETURNED_MESSAGES: Record<FamilyLanguage, ReturnedMessage> = {
  en: {
    subject: 'Registration for {{applicant_first_name}}: please look at "{{registration_item}}" again',
    text: [
      'Hello {{guardian_name}},',
      '',
      '{{campus_name}} has returned "{{registration_item}}" in the registration of {{applicant_first_name}} {{applicant_last_name}}, with this reason:',
      '',
      '{{return_reason}}',
      '',
      'Please complete it again in the family portal: {{portal_link}}',
      '',
      '{{campus_name}}, {{school_name}}',
      'Phone: {{campus_phone}}',
      'E-mail: {{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}: "{{registration_item}}" for {{applicant_first_name}} was returned: {{return_reason}}. Please complete it again: {{portal_link}}',
  },
  es: {
    subject: 'Matrícula de {{applicant_first_name}}: revise de nuevo "{{registration_item}}"',
    text: [
      'Hola {{guardian_name}},',
      '',
      '{{campus_name}} le devolvió "{{registration_item}}" de la matrícula de {{applicant_first_name}} {{applicant_last_name}}, con este motivo:',
      '',
      '{{return_reason}}',
      '',
      'Complételo de nuevo en el portal para familias: {{portal_link}}',
      '',
      '{{campus_name}}, {{school_name}}',
      'Teléfono: {{campus_phone}}',
      'Correo: {{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}: se devolvió "{{registration_item}}" de {{applicant_first_name}}: {{return_reason}}. Complételo de nuevo: {{portal_link}}',
  },
  vi: {
    subject: 'Ghi danh cho {{applicant_first_name}}: vui lòng xem lại "{{registration_item}}"',
    text: [
      'Xin chào {{guardian_name}},',
      '',
      '{{campus_name}} đã gửi trả lại "{{registration_item}}" trong hồ sơ ghi danh của {{applicant_first_name}} {{applicant_last_name}}, với lý do:',
      '',
      '{{return_reason}}',
      '',
      'Vui lòng hoàn tất lại trên cổng thông tin gia đình: {{portal_link}}',
      '',
      '{{campus_name}}, {{school_name}}',
      'Điện thoại: {{campus_phone}}',
      'E-mail: {{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}: "{{registration_item}}" của {{applicant_first_name}} đã bị gửi trả lại: {{return_reason}}. Vui lòng hoàn tất lại: {{portal_link}}',
  },
  zh: {
    subject: '{{applicant_first_name}} 的注册：请重新查看“{{registration_item}}”',
    text: [
      '{{guardian_name}}，您好：',
      '',
      '{{campus_name}} 退回了 {{applicant_first_name}} {{applicant_last_name}} 注册中的“{{registration_item}}”，原因如下：',
      '',
      '{{return_reason}}',
      '',
      '请在家庭门户中重新完成：{{portal_link}}',
      '',
      '{{campus_name}}，{{school_name}}',
      '电话：{{campus_phone}}',
      '电子邮件：{{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}：{{applicant_first_name}} 的“{{registration_item}}”已被退回：{{return_reason}}。请重新完成：{{portal_link}}',
  },
  ht: {
    subject: 'Enskripsyon {{applicant_first_name}}: tanpri gade "{{registration_item}}" ankò',
    text: [
      'Bonjou {{guardian_name}},',
      '',
      '{{campus_name}} voye "{{registration_item}}" tounen nan enskripsyon {{applicant_first_name}} {{applicant_last_name}}, pou rezon sa a:',
      '',
      '{{return_reason}}',
      '',
      'Tanpri ranpli l ankò nan pòtay fanmi an: {{portal_link}}',
      '',
      '{{campus_name}}, {{school_name}}',
      'Telefòn: {{campus_phone}}',
      'Imèl: {{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}: yo voye "{{registration_item}}" {{applicant_first_name}} tounen: {{return_reason}}. Tanpri ranpli l ankò: {{portal_link}}',
  },
  ar: {
    subject: 'تسجيل {{applicant_first_name}}: يرجى مراجعة "{{registration_item}}" مرة أخرى',
    text: [
      'مرحبًا {{guardian_name}}،',
      '',
      'أعاد {{campus_name}} البند "{{registration_item}}" في تسجيل {{applicant_first_name}} {{applicant_last_name}}، للسبب التالي:',
      '',
      '{{return_reason}}',
      '',
      'يرجى إكماله مرة أخرى في بوابة الأسرة: {{portal_link}}',
      '',
      '{{campus_name}}، {{school_name}}',
      'الهاتف: {{campus_phone}}',
      'البريد الإلكتروني: {{campus_email}}',
    ].join('\n'),
    sms: '{{campus_name}}: أُعيد البند "{{registration_item}}" الخاص بـ {{applicant_first_name}}: {{return_reason}}. يرجى إكماله مرة أخرى: {{portal_link}}',
  },
};
