import type { FamilyApplication } from '@openseat/shared/schemas/family';
import { FAMILY_STEPS } from '../constants';
import { useI18n } from '../i18n/language';

const MARK = { done: '✓', current: '●', upcoming: '', skipped: '–' } as const;

/** The progress steps in their order, each with its state in words (the marks are decoration). */
export function Steps({ steps }: { steps: FamilyApplication['steps'] }) {
  const { t } = useI18n();
  const ordered = [...steps].sort((a, b) => FAMILY_STEPS.indexOf(a.step) - FAMILY_STEPS.indexOf(b.step));
  return (
    <ol className="steps" aria-label={t('progress')}>
      {ordered.map(({ step, state }) => (
        <li key={step} className={`step step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
          <span className="step__mark" aria-hidden="true">
            {MARK[state]}
          </span>
          <span className="step__name">{t(`step_${step}`)}</span>
          <span className="step__state">{t(`stepState_${state}`)}</span>
        </li>
      ))}
    </ol>
  );
}
