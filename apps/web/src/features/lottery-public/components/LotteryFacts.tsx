import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryPublicLottery } from '@openseat/shared/schemas/lottery-public';
import { ShortHash } from './ShortHash';
import { utc } from './when';
import styles from './lottery-public.module.css';

/** One lottery of the period: its state, the inputs fingerprint, the source fixed in advance, and the seed once drawn. */
export function LotteryFacts({ lottery }: { lottery: LotteryPublicLottery }) {
  const { t, i18n } = useTranslation();
  const none = t('lotteryPublic.none');
  const when = (iso: string | null) => utc(iso, i18n.language, none);
  const hash = (value: string | null, label: string) => (value ? <ShortHash value={value} label={label} /> : none);
  const source =
    lottery.source === 'drand'
      ? t('lotteryPublic.sourceDrand', { round: lottery.beaconRound ?? none })
      : lottery.source === 'dice'
        ? t('lotteryPublic.sourceDice')
        : t('lotteryPublic.sourceServer');
  const drawn = lottery.state === 'drawn' || lottery.state === 'superseded';
  const headingId = `lottery-${lottery.id_lottery}`;
  const facts: Array<[string, React.ReactNode]> = [
    [t('lotteryPublic.state'), t(`lotteryPublic.states.${lottery.state}`)],
    [t('lotteryPublic.algorithm'), <span className={styles.mono}>{lottery.algorithm}</span>],
    [t('lotteryPublic.frozenAt'), when(lottery.frozenAt)],
    [t('lotteryPublic.inputsHash'), hash(lottery.inputsHash, t('lotteryPublic.inputsHash'))],
    [t('lotteryPublic.source'), source],
    ...(lottery.source === 'drand'
      ? ([
          [t('lotteryPublic.chain'), hash(lottery.beaconChain, t('lotteryPublic.chain'))],
          [t('lotteryPublic.roundAt'), when(lottery.roundAt)],
        ] as Array<[string, React.ReactNode]>)
      : []),
    [
      t('lotteryPublic.seed'),
      drawn && lottery.seed ? hash(lottery.seed, t('lotteryPublic.seed')) : t('lotteryPublic.seedPending'),
    ],
    ...(lottery.seedHash
      ? ([[t('lotteryPublic.seedHash'), hash(lottery.seedHash, t('lotteryPublic.seedHash'))]] as Array<
          [string, React.ReactNode]
        >)
      : []),
    ...(drawn
      ? ([
          [t('lotteryPublic.resultHash'), hash(lottery.resultHash, t('lotteryPublic.resultHash'))],
          [t('lotteryPublic.drawnAt'), when(lottery.drawnAt)],
        ] as Array<[string, React.ReactNode]>)
      : []),
  ];
  return (
    <article
      className={styles.lottery}
      aria-labelledby={headingId}
      data-testid={`public-lottery-${lottery.id_lottery}`}
    >
      <h3 id={headingId}>{t('lotteryPublic.lotteryHeading', { id: lottery.id_lottery })}</h3>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </article>
  );
}
