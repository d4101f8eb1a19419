import { translate } from '@openseat/shared/messages';
import type { MoveNotice } from '@openseat/shared/schemas/applications';
import { currentLanguage } from '../../lib/i18n';

/** The notice a move answers (severity, message key, parameters), in the reader's language, as the server chose it. */
export const noticeText = (notice: MoveNotice) => translate(notice.key, currentLanguage(), notice.params);
