import { useId } from 'react';
import type { FamilyWaiting } from '@openseat/shared/schemas/family';
import { useI18n } from '../i18n/language';
import { ListMovement } from './ListMovement';

/** A waiting place explained: where it is, what decides the order, and how far the list moved each week. */
export function WaitingPlace({ waiting }: { waiting: FamilyWaiting }) {
  const { t, number } = useI18n();
  const titleId = useId();
  const orNone = (value: number | string | null) =>
    value === null ? t('none') : typeof value === 'number' ? number(value) : value;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('waitingTitle')}</h2>
      <p className="position">
        <span className="position__label">{t('position')}</span>
        <span className="position__value">{number(waiting.position)}</span>
      </p>
      <p className="field__hint">{t('positionHint')}</p>
      <dl className="facts">
        <div className="facts__row">
          <dt>{t('priorityGroup')}</dt>
          <dd>{orNone(waiting.priorityGroup)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('lotteryNumber')}</dt>
          <dd>{orNone(waiting.lotteryNumber)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('rankInGroup')}</dt>
          <dd>{orNone(waiting.rankInGroup)}</dd>
        </div>
      </dl>
      <p>{waiting.priorityGroup === null ? t('orderWithoutGroups') : t('orderWithGroups')}</p>
      <ListMovement waiting={waiting} />
    </section>
  );
}
