import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '@openseat/shared/schemas/notifications';
import { en } from '../../locales/en';
import { es } from '../../locales/es';
import { notificationPath, notificationText } from './components/notification-text';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

const row = (over: Partial<NotificationRow>): NotificationRow => ({
  id_notification: 1,
  id_notification_settings_type: 1,
  id_application: 7,
  correlative: 12,
  applicantName: 'Nora Quintero',
  id_campus: 1,
  count: 1,
  id_status: 5,
  id_status_from: 3,
  form: null,
  actorName: 'Ana Ruiz',
  message: 'An application moved to offered by Ana Ruiz',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('a notification in the reader language, from its type and parts', () => {
  it('a move, one application or a batch, by someone or automatically', () => {
    const en = i18n.getFixedT('en');
    const es = i18n.getFixedT('es');
    expect(notificationText(en, row({}))).toBe('Nora Quintero moved to Offered by Ana Ruiz');
    expect(notificationText(es, row({}))).toBe('Nora Quintero pasó a Ofrecido por Ana Ruiz');
    const batch = row({ count: 12, id_application: null, applicantName: null, correlative: null });
    expect(notificationText(en, batch)).toBe('12 applications moved to Offered by Ana Ruiz');
    expect(notificationText(es, batch)).toBe('12 solicitudes pasaron a Ofrecido por Ana Ruiz');
    expect(notificationText(en, row({ actorName: null, id_status: 6 }))).toBe(
      'Nora Quintero moved to Waiting list automatically',
    );
  });

  it('new applications and form submissions', () => {
    const en = i18n.getFixedT('en');
    const es = i18n.getFixedT('es');
    expect(notificationText(en, row({ id_notification_settings_type: 2 }))).toBe(
      'New application: Nora Quintero, added by Ana Ruiz',
    );
    expect(notificationText(es, row({ id_notification_settings_type: 2, form: 'Otoño', actorName: null }))).toBe(
      'Nueva solicitud: Nora Quintero, del formulario Otoño',
    );
    expect(notificationText(en, row({ id_notification_settings_type: 4, form: 'Fall', applicantName: null }))).toBe(
      'Application #12 sent the form Fall',
    );
  });

  it('leads to the application in the list of its status, or to the list for a batch', () => {
    expect(notificationPath(row({}))).toBe('/main/applications/selected-list/7');
    expect(notificationPath(row({ id_status: 2 }))).toBe('/main/applications/7');
    expect(notificationPath(row({ id_status: 6, id_application: null }))).toBe('/main/applications/waiting-list');
    expect(notificationPath(row({ id_notification_settings_type: 2, id_status: null }))).toBe('/main/applications/7');
  });
});
