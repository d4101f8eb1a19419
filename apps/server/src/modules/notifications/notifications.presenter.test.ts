import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '@openseat/shared/schemas/notifications';
import { notificationMessage, type NotificationParts } from './notifications.presenter';

const parts = (over: Partial<NotificationParts>): NotificationParts => ({
  type: NOTIFICATION_TYPE.STATUS_CHANGE,
  count: 1,
  statusLabel: 'offered',
  actorName: null,
  form: null,
  ...over,
});

describe('notification text', () => {
  it('keeps the English wording written before the text left SQL', () => {
    expect(notificationMessage(parts({ actorName: 'Ana' }), 'en')).toBe('An application moved to offered by Ana');
    expect(notificationMessage(parts({ count: 12 }), 'en')).toBe('12 applications moved to offered');
    expect(notificationMessage(parts({ statusLabel: null }), 'en')).toBe('An application moved to ?');
    const created = parts({ type: NOTIFICATION_TYPE.NEW_APPLICATION });
    expect(notificationMessage({ ...created, actorName: 'Ana' }, 'en')).toBe('New application by Ana');
    expect(notificationMessage({ ...created, form: 'Spring' }, 'en')).toBe('New application from the form Spring');
    const submitted = parts({ type: NOTIFICATION_TYPE.FORM_SUBMISSION, form: 'Spring' });
    expect(notificationMessage(submitted, 'en')).toBe('Form Spring submitted');
  });

  it('says the same in Spanish', () => {
    expect(notificationMessage(parts({ actorName: 'Ana' }), 'es')).toBe('Una solicitud pasó a offered por Ana');
    expect(notificationMessage(parts({ count: 12 }), 'es')).toBe('12 solicitudes pasaron a offered');
    const created = parts({ type: NOTIFICATION_TYPE.NEW_APPLICATION });
    expect(notificationMessage({ ...created, form: 'Spring' }, 'es')).toBe('Nueva solicitud del formulario Spring');
    const submitted = parts({ type: NOTIFICATION_TYPE.FORM_SUBMISSION, form: 'Spring' });
    expect(notificationMessage(submitted, 'es')).toBe('Formulario Spring enviado');
  });
});
