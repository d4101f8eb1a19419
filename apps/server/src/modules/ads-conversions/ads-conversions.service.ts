import type { AdsSettingsRequest } from '@openseat/shared/schemas/ads-conversions';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentEvent, presentSettings } from './ads-conversions.presenter';
import * as repo from './ads-conversions.repository';

/** How many recent events the configuration tab shows. */
const RECENT_EVENTS = 20;

async function requireSettings(db: Executor, caller: Principal, id_school: number) {
  const settings = await repo.findSettings(db, caller.scope, id_school);
  if (!settings) throw notFound();
  return settings;
}

export async function getSettings(db: Db, caller: Principal, id_school: number) {
  return presentSettings(await requireSettings(db, caller, id_school));
}

/**
 * Switches and the consent basis. Conversion events are on only with a basis recorded (refused otherwise, also
 * when the basis would be cleared while on). A new basis or note records who gave it and when.
 */
export async function updateSettings(db: Db, caller: Principal, input: AdsSettingsRequest) {
  return db.transaction(async (tx) => {
    const before = await requireSettings(tx, caller, input.id_school);
    const { id_school, ...change } = input;
    const enabled = change.ads_conversions_enabled ?? before.ads_conversions_enabled;
    const basis = change.ads_consent_basis === undefined ? before.ads_consent_basis : change.ads_consent_basis;
    if (enabled && !basis)
      throw badRequest('adsConsentBasisRequired', [{ path: 'ads_consent_basis', message: 'adsConsentBasisRequired' }]);
    const changes = diff(before, change);
    const recorded = 'ads_consent_basis' in changes || 'ads_consent_note' in changes;
    await repo.updateSettings(tx, caller.scope, id_school, {
      ...change,
      ...(recorded && { ads_consent_recorded_at: new Date(), ads_consent_recorded_by: caller.id_user }),
    });
    await writeAudit(tx, caller, {
      action: 'school.ads_conversions',
      entity: 'school_configuration',
      entityId: id_school,
      id_school,
      changes,
    });
    return presentSettings(await requireSettings(tx, caller, id_school));
  });
}

/** The school's recent conversion events with their attempts (no student data: ids only). */
export async function recentEvents(db: Db, caller: Principal, id_school: number) {
  await requireSettings(db, caller, id_school);
  return (await repo.recentEvents(db, caller.scope, id_school, RECENT_EVENTS)).map(presentEvent);
}
