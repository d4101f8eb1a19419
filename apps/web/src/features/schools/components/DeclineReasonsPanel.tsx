import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { FAMILY_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import {
  DECLINE_REASONS_MAX,
  DeclineReasonsRequestSchema,
  type DeclineReasons,
  type DeclineReasonsRequest,
} from '@openseat/shared/schemas/decline-reasons';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useDeclineReasons, useSaveDeclineReasons } from '../api/declineReasons';
import { DeclineReasonRow, type ReasonDraft, type ReasonErrors } from './DeclineReasonRow';

type FieldError = { path: string; message: string };

let nextKey = 1;
const emptyLabels = () => Object.fromEntries(FAMILY_LANGUAGES.map((l) => [l, ''])) as Record<FamilyLanguage, string>;
const draftsOf = (data: DeclineReasons): ReasonDraft[] =>
  data.reasons.map((r) => ({ key: nextKey++, labels: { ...emptyLabels(), ...r.labels } }));

const requestOf = (id_school: number, drafts: ReasonDraft[]) => ({
  id_school,
  reasons: drafts.map((d) => ({ labels: d.labels })),
});

/** `reasons.2.labels.es` -> the errors of reason 2 by language; anything else is the list's own error. */
function splitErrors(errors: FieldError[], translate: (key: string) => string) {
  const byReason: Record<number, ReasonErrors> = {};
  const general: string[] = [];
  for (const e of errors) {
    const match = /^reasons\.(\d+)\.labels\.(\w+)$/.exec(e.path);
    if (match) byReason[Number(match[1])] = { ...byReason[Number(match[1])], [match[2]]: translate(e.message) };
    else general.push(translate(e.message));
  }
  return { byReason, general };
}

/**
 * The reasons a family chooses from when it declines an offer in the portal: the school's own list, or the built-in
 * one until it has its own. Saving replaces the whole list; an empty list (confirmed) goes back to the built-in one.
 */
export function DeclineReasonsPanel({ id_school }: { id_school: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const reasons = useDeclineReasons(id_school);
  const save = useSaveDeclineReasons();
  const [drafts, setDrafts] = useState<ReasonDraft[]>([]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const loaded = useRef<DeclineReasons | null>(null);
  useEffect(() => {
    if (reasons.data && reasons.data !== loaded.current) {
      loaded.current = reasons.data;
      setDrafts(draftsOf(reasons.data));
    }
  }, [reasons.data]);

  const edit = (next: ReasonDraft[]) => {
    setDrafts(next);
    setErrors([]);
  };
  const change = (index: number, language: FamilyLanguage, value: string) =>
    edit(drafts.map((d, i) => (i === index ? { ...d, labels: { ...d.labels, [language]: value } } : d)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    edit(next);
  };

  const send = async (body: DeclineReasonsRequest) => {
    setRefusal(null);
    try {
      enqueueSnackbar((await save.mutateAsync(body)).message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      setErrors(e.errors ?? []);
      setRefusal(e.message);
      throw error;
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = DeclineReasonsRequestSchema.safeParse(requestOf(id_school, drafts));
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      setRefusal(t('declineReasons.fixErrors'));
      return;
    }
    if (parsed.data.reasons.length === 0) setConfirming(true);
    else send(parsed.data).catch(() => undefined);
  };

  const { byReason, general } = splitErrors(errors, (key) => message(key) ?? key);
  const data = reasons.data;
  return (
    <Stack spacing={2} sx={{ mt: 4, maxWidth: 900 }} data-testid="decline-reasons">
      <Typography variant="h6" component="h2" id="decline-reasons-title">
        {t('declineReasons.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('declineReasons.explanation')}
      </Typography>
      {reasons.error && <Alert severity="error">{reasons.error.message}</Alert>}
      {!data ? (
        !reasons.error && <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="decline-reasons-title">
          {data.builtIn && (
            <Alert severity="info" role="status" data-testid="decline-reasons-built-in">
              {t('declineReasons.builtIn')}
            </Alert>
          )}
          {drafts.map((reason, index) => (
            <DeclineReasonRow
              key={reason.key}
              reason={reason}
              index={index}
              count={drafts.length}
              errors={byReason[index] ?? {}}
              onChange={(language, value) => change(index, language, value)}
              onMove={(by) => move(index, by)}
              onRemove={() => edit(drafts.filter((_, i) => i !== index))}
            />
          ))}
          {drafts.length === 0 && <Typography color="text.secondary">{t('declineReasons.empty')}</Typography>}
          {(refusal || general.length > 0) && (
            <Alert severity="error" role="alert" data-testid="decline-reasons-error">
              {[refusal, ...general].filter(Boolean).join(' ')}
            </Alert>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              startIcon={<AddIcon />}
              disabled={drafts.length >= DECLINE_REASONS_MAX}
              onClick={() => edit([...drafts, { key: nextKey++, labels: emptyLabels() }])}
            >
              {t('declineReasons.add')}
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('declineReasons.save')}
            </Button>
          </Stack>
          {drafts.length >= DECLINE_REASONS_MAX && (
            <Typography variant="body2" color="text.secondary">
              {t('declineReasons.max', { max: DECLINE_REASONS_MAX })}
            </Typography>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('declineReasons.confirmEmptyTitle')}
        consequence={t('declineReasons.confirmEmpty')}
        confirmLabel={t('declineReasons.confirmEmptyAction')}
        onConfirm={() => send({ id_school, reasons: [] })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
