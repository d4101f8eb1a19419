import { useId } from 'react';
import type { FamilyWaiting } from '@openseat/shared/schemas/family';
import { useI18n } from '../i18n/language';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bars beyond this many carry no number above them (too narrow on a phone); the table has every number. */
const LABELLED_BARS = 16;

type Row = {
  week: number;
  /** This season's Monday of the week, when the season's dates are known. */
  weekStart: string | null;
  /** Offers this season; null: the week is still to come. */
  now: number | null;
  /** Offers in the same week of last season's list; null without a last season. */
  last: number | null;
};

/** Week 1 to the last week either season reached, with this season's offers and last season's side by side. */
function rowsOf(waiting: FamilyWaiting): Row[] {
  const { movedPerWeek: now, lastSeason, thisWeek } = waiting;
  const last = lastSeason?.movedPerWeek ?? [];
  const weeks = Math.max(thisWeek ?? 0, ...now.map((w) => w.week), ...last.map((w) => w.week));
  const reached = thisWeek ?? weeks;
  const known = now[0];
  return Array.from({ length: weeks }, (_, i) => {
    const week = i + 1;
    const weekStart = known
      ? new Date(Date.parse(known.weekStart) + (week - known.week) * 7 * DAY_MS).toISOString().slice(0, 10)
      : null;
    return {
      week,
      weekStart,
      now: week > reached ? null : (now.find((w) => w.week === week)?.moved ?? 0),
      last: lastSeason ? (last.find((w) => w.week === week)?.moved ?? 0) : null,
    };
  });
}

/**
 * How far the grade's list moved each week this season, and last season beside it, week 1 being the week each list
 * began. The bars are drawn for the eye and hidden from screen readers; the same numbers are in a table they read
 * (visually hidden, its caption says what it counts). The box around it is what is hidden: a table is never narrower
 * than its content, so hidden itself it would stretch the page sideways (in Arabic, past its left edge). The two
 * seasons differ by more than colour: last season's bars are hatched and outlined.
 */
export function ListMovement({ waiting }: { waiting: FamilyWaiting }) {
  const { t, day, number } = useI18n();
  const titleId = useId();
  const { lastSeason } = waiting;
  const year = lastSeason?.schoolYear ?? '';
  const movedNow = waiting.movedPerWeek.some((w) => w.moved > 0);
  const movedLast = lastSeason?.movedPerWeek.some((w) => w.moved > 0) ?? false;
  const notes = (
    <>
      {movedNow ? null : <p>{t('movedNone')}</p>}
      {lastSeason && !movedLast ? <p>{t('movedNoneLastSeason', { year })}</p> : null}
    </>
  );
  if (!movedNow && !movedLast) {
    return (
      <>
        <h3 id={titleId}>{t('movedTitle')}</h3>
        {notes}
      </>
    );
  }
  const rows = rowsOf(waiting);
  const most = Math.max(...rows.map((row) => Math.max(row.now ?? 0, row.last ?? 0)));
  const labelled = rows.length * (lastSeason ? 2 : 1) <= LABELLED_BARS;
  const weekName = (row: Row) =>
    row.weekStart ? t('weekNumberOf', { n: row.week, date: day(row.weekStart) }) : t('weekNumber', { n: row.week });
  const bar = (value: number | null, season: 'now' | 'last') => (
    <div className="chart__column">
      {value === null ? null : (
        <>
          {labelled ? <span className="chart__value">{number(value)}</span> : null}
          {value > 0 ? (
            <span className={`chart__bar chart__bar--${season}`} style={{ blockSize: `${(value / most) * 100}%` }} />
          ) : null}
        </>
      )}
    </div>
  );
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId}>{t('movedTitle')}</h3>
      </figcaption>
      {notes}
      {lastSeason ? (
        <ul className="chart__legend" aria-hidden="true">
          <li>
            <span className="chart__swatch chart__bar--now" />
            {t('thisSeason')}
          </li>
          <li>
            <span className="chart__swatch chart__bar--last" />
            {t('lastSeason', { year })}
          </li>
        </ul>
      ) : null}
      <div className={`chart__bars${rows.length > 12 ? ' chart__bars--dense' : ''}`} aria-hidden="true">
        {rows.map((row) => (
          <div key={row.week} className="chart__week">
            {bar(row.now, 'now')}
            {lastSeason ? bar(row.last, 'last') : null}
          </div>
        ))}
      </div>
      <div className="chart__axis" aria-hidden="true">
        <span>{t('weekNumber', { n: 1 })}</span>
        {rows.length > 1 ? <span>{t('weekNumber', { n: rows.length })}</span> : null}
      </div>
      <p className="field__hint">{t('movedWeekOne', { n: 1 })}</p>
      <div className="visually-hidden">
        <table>
          <caption>{t('movedCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('week')}</th>
              <th scope="col">{t('thisSeason')}</th>
              {lastSeason ? <th scope="col">{t('lastSeason', { year })}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.week}>
                <th scope="row">{weekName(row)}</th>
                <td>{row.now === null ? t('weekToCome') : number(row.now)}</td>
                {row.last === null ? null : <td>{number(row.last)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
