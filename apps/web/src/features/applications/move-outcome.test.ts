import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { noticeText } from './move-outcome';

describe('the notice after a move', () => {
  it('shows the notice the server chose, with its parameters, in the reader language', async () => {
    await i18n.changeLanguage('en');
    expect(noticeText({ severity: 'success', key: 'applicationsMoved', params: { count: 2 } })).toBe(
      '2 applications moved.',
    );
    expect(noticeText({ severity: 'warning', key: 'someNotOffered' })).toBe(
      "Some applications weren't offered a spot because there are no more spots available.",
    );
    await i18n.changeLanguage('es');
    expect(noticeText({ severity: 'warning', key: 'movesRefused', params: { count: 3 } })).toBe(
      '3 solicitudes no pueden hacer ese cambio desde su estado.',
    );
    await i18n.changeLanguage('en');
  });
});
