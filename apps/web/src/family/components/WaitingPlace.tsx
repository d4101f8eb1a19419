import { useId } from 'react';
import type { FamilyWaiting } from '@openseat/shared/schemas/family';
import { useI18n } from '../i18n/language';

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
      <MovedPerWeek weeks={waiting.movedPerWeek} />
    </section>
  );
}

/**
 * The bars are drawn for the eye and hidden from screen readers; the same numbers are in a table they read (the
 * table is visually hidden, its caption says what it counts). The box around it is what is hidden: a table is never
 * narrower than its content, so hidden itself it would stretch the page sideways (in Arabic, past its left edge).
 */
function MovedPerWeek({ weeks }: { weeks: FamilyWaiting['movedPerWeek'] }) {
  const { t, day, number } = useI18n();
  const titleId = useId();
  if (weeks.length === 0 || weeks.every((week) => week.moved === 0)) {
    return (
      <>
        <h3 id={titleId}>{t('movedTitle')}</h3>
        <p>{t('movedNone')}</p>
      </>
    );
  }
  const most = Math.max(...weeks.map((week) => week.moved));
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId}>{t('movedTitle')}</h3>
      </figcaption>
      <div className="chart__bars" aria-hidden="true">
        {weeks.map((week) => (
          <div key={week.weekStart} className="chart__column">
            <span className="chart__value">{number(week.moved)}</span>
            <span className="chart__bar" style={{ blockSize: `${(week.moved / most) * 100}%` }} />
          </div>
        ))}
      </div>
      <div className="chart__axis" aria-hidden="true">
        <span>{day(weeks[0].weekStart)}</span>
        {weeks.length > 1 ? <span>{day(weeks[weeks.length - 1].weekStart)}</span> : null}
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{t('movedCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('weekOf')}</th>
              <th scope="col">{t('offersMade')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{day(week.weekStart)}</td>
                <td>{number(week.moved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
