import { screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { api } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { FamilyExportButton } from './FamilyExportButton';

const t = i18n.t.bind(i18n);
let saved: string[] = [];
let asked = 0;

beforeEach(() => {
  saved = [];
  asked = 0;
  URL.createObjectURL = vi.fn(() => 'blob:family');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  api.use(
    mock.get('/api/application/7/family-export', () => {
      asked++;
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
        headers: { 'content-type': 'application/zip' },
      });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('FamilyExportButton', () => {
  it("downloads the family's zip under the application's number", async () => {
    const { user } = renderScreen(<FamilyExportButton id_application={7} correlative={1007} />);
    await user.click(screen.getByRole('button', { name: t('familyExport.button') }));
    await waitFor(() => expect(saved).toEqual(['family-1007.zip']));
    expect(asked).toBe(1);
  });

  it('is named in Spanish too', () => {
    expect(i18n.getFixedT('es')('familyExport.button')).toBe('Exportar los datos de la familia');
  });
});
