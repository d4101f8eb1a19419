import { adsConversionsEffect } from './ads-conversions/ads-conversions.move-effects';
import { statusMessagesEffect } from './communication/communication.move-effects';
import { notificationsEffect } from './notifications/notifications.move-effects';
import { registerMoveEffects } from './status-moves/status-moves.service';

/**
 * What every flush of status moves does after writing them, in this order and in the moves' own transaction: the
 * families' messages (or their hold), the ads conversions, the staff notifications. Called once at start-up
 * (`buildApp`); anything that moves applications without the app calls it too.
 */
export function installMoveEffects() {
  registerMoveEffects([statusMessagesEffect, adsConversionsEffect, notificationsEffect]);
}
