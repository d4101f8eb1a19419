import { STATUS, type StatusId } from '@openseat/shared/constants';

/*
 * The offer messages a school starts with (the demo seed binds them to any move into offered). An offer tells the
 * family everything they need to answer: who offers (school and campus), until when (day, time and time zone,
 * where the campus is), and how to accept or decline: online through the family portal's link (it signs the family in,
 * made as the message is sent), or by replying, writing or calling the campus.
 */

/** `from` null: any move into `to` (an offer from the lottery, the waiting list or by hand). */
export type DefaultTemplate = { from: StatusId | null; to: StatusId; lng: 'en' | 'es'; name: string; text: string };
export type DefaultEmail = DefaultTemplate & { subject: string };

export const OFFER_EMAILS: DefaultEmail[] = [
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'en',
    name: 'Seat offered',
    subject: 'A seat for {{applicant_first_name}} at {{school_name}}: please answer by {{acceptance_deadline}}',
    text: [
      'Hello {{guardian_name}},',
      '',
      'We are happy to offer {{applicant_first_name}} {{applicant_last_name}} a seat in grade {{grade}} at {{campus_name}} ({{school_name}}) for the {{school_year}} school year.',
      '',
      'Please tell us by {{acceptance_deadline}} whether you accept or decline the seat. If we do not hear from you by then, the seat may be offered to the next family on the waiting list.',
      '',
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
    subject: 'Un cupo para {{applicant_first_name}} en {{school_name}}: responda antes del {{acceptance_deadline}}',
    text: [
      'Hola {{guardian_name}},',
      '',
      'Nos alegra ofrecer a {{applicant_first_name}} {{applicant_last_name}} un cupo en el grado {{grade}} en {{campus_name}} ({{school_name}}) para el año escolar {{school_year}}.',
      '',
      'Indíquenos antes del {{acceptance_deadline}} si acepta o rechaza el cupo. Si no tenemos su respuesta para entonces, el cupo puede ofrecerse a la siguiente familia de la lista de espera.',
      '',
      'Para aceptar o rechazar, responda en línea: {{portal_link}}',
      '',
      'También puede responder a este correo, escribir a {{campus_email}} o llamarnos al {{campus_phone}}.',
      '',
      '{{campus_name}}, {{school_name}}',
      'Teléfono: {{campus_phone}}',
      'Correo: {{campus_email}}',
    ].join('\n'),
  },
];

export const OFFER_TEXT_MESSAGES: DefaultTemplate[] = [
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'en',
    name: 'Seat offered (SMS)',
    text: '{{school_name}}, {{campus_name}}: {{applicant_first_name}} is offered a seat in grade {{grade}}. Accept or decline by {{acceptance_deadline}}: {{portal_link}} or call {{campus_phone}}.',
  },
  {
    from: null,
    to: STATUS.OFFERED,
    lng: 'es',
    name: 'Cupo ofrecido (SMS)',
    text: '{{school_name}}, {{campus_name}}: hay un cupo en el grado {{grade}} para {{applicant_first_name}}. Acepte o rechace antes del {{acceptance_deadline}}: {{portal_link}} o llame al {{campus_phone}}.',
  },
];
