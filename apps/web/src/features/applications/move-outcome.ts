import type { TFunction } from 'i18next';
import { message } from '../../lib/i18n';
import type { StatusMoveResult } from '@openseat/shared/schemas/applications';

export type MoveNotice = { severity: 'success' | 'warning' | 'error' | 'info'; key: string; count?: number };

/**
 * What the screen says after a move (spec section 4): when some had no seat, the warning if others moved and the
 * error if none did (for one application, the error that names it); refusals are counted; otherwise success.
 */
export function moveNotice(
  result: Pick<StatusMoveResult, 'data' | 'nonTransferable' | 'refused'>,
  asked: number,
): MoveNotice {
  if (result.nonTransferable.length > 0) {
    if (result.data.length > 0) return { severity: 'warning', key: 'someNotOffered' };
    return { severity: 'error', key: asked === 1 ? 'applicationNotOffered' : 'noneOffered' };
  }
  if (result.refused.length > 0)
    return {
      severity: result.data.length > 0 ? 'warning' : 'error',
      key: 'applications.someRefused',
      count: result.refused.length,
    };
  return { severity: 'success', key: 'applications.moved', count: result.data.length };
}

/** The notice in the reader's language: the spec's seat messages come from the shared catalogue. */
export const noticeText = (notice: MoveNotice, t: TFunction) =>
  notice.key.startsWith('applications.') ? t(notice.key, { count: notice.count }) : (message(notice.key) ?? notice.key);
