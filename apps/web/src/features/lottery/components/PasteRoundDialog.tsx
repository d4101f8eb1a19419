import { useState, type FormEvent } from 'react';
import { TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translate } from '@openseat/shared/messages';
import { DialogForm } from '../../../components/DialogForm';
import { currentLanguage } from '../../../lib/i18n';
import { parseBeacon, type Beacon, type BeaconField } from '../v2';

const EMPTY = { json: '', round: '', signature: '', previous_signature: '' };

/**
 * "Paste the round": the committed drand round as any public relay shows it (its JSON, or the round and signature
 * copied one by one). Checked here before the draw sends it; the server then verifies its signature.
 */
export function PasteRoundDialog({
  committedRound,
  onBeacon,
  onClose,
}: {
  committedRound: number | null;
  onBeacon: (beacon: Beacon) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BeaconField, string>>>({});
  const say = (key: string | undefined) =>
    key === undefined ? undefined : key.startsWith('lottery.') ? t(key) : translate(key, currentLanguage());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseBeacon(form);
    if (!parsed.ok) return setErrors(parsed.errors);
    if (committedRound !== null && parsed.beacon.round !== committedRound)
      return setErrors(form.json.trim() ? { json: 'lotteryRoundMismatch' } : { round: 'lotteryRoundMismatch' });
    setErrors({});
    onBeacon(parsed.beacon);
  };
  const field = (name: BeaconField) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: errors[name] !== undefined,
    slotProps: { htmlInput: { 'data-testid': `lottery-paste-${name}`, spellCheck: false } },
  });
  return (
    <DialogForm
      title={t('lottery.v2.pasteTitle')}
      titleId="lottery-paste-title"
      onClose={onClose}
      formId="lottery-paste-form"
      onSubmit={submit}
      pending={false}
      submitLabel={t('lottery.v2.pasteUse')}
      submitTestId="lottery-paste-submit"
      dialogProps={{ 'data-testid': 'lottery-paste-dialog' }}
      before={
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('lottery.v2.pasteIntro', { round: committedRound ?? '' })}
        </Typography>
      }
    >
      <TextField
        label={t('lottery.v2.pasteJson')}
        multiline
        minRows={4}
        {...field('json')}
        helperText={say(errors.json) ?? t('lottery.v2.pasteJsonHelp')}
        sx={{ '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('lottery.v2.pasteOr')}
      </Typography>
      <TextField
        label={t('lottery.v2.round')}
        {...field('round')}
        helperText={say(errors.round)}
        slotProps={{ htmlInput: { ...field('round').slotProps.htmlInput, inputMode: 'numeric' } }}
      />
      <TextField label={t('lottery.v2.signature')} {...field('signature')} helperText={say(errors.signature)} />
      <TextField
        label={t('lottery.v2.previousSignature')}
        {...field('previous_signature')}
        helperText={say(errors.previous_signature) ?? t('lottery.v2.previousSignatureHelp')}
      />
    </DialogForm>
  );
}
