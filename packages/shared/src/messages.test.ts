import { describe, expect, it } from 'vitest';
import { translate } from './messages';

describe('translate', () => {
  it('fills the placeholders of a key in the reader language', () => {
    expect(translate('messagesQueued', 'en', { queued: 3, skipped: 1 })).toBe(
      '3 messages are on their way (1 skipped: no address, unsubscribed, or no consent to texts).',
    );
    expect(translate('failedResent', 'es', { resent: 2, remaining: 0 })).toBe(
      '2 mensajes en cola para enviarse de nuevo; quedan 0 mensajes fallidos.',
    );
  });

  it('leaves a placeholder without a value as written, and text without params untouched', () => {
    expect(translate('failedResent', 'en', { resent: 1 })).toBe(
      '1 messages queued to be sent again; {remaining} failed messages left.',
    );
    expect(translate('messagesQueued', 'en')).toContain('{queued}');
    expect(translate('not a key {x}', 'es')).toBe('not a key {x}');
  });

  it('falls back to English for an unknown language', () => {
    expect(translate('copyDoneSubject', 'fr')).toBe(translate('copyDoneSubject', 'en'));
  });
});
