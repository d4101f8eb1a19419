import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { RegistrationChecklistRequestSchema, type RegistrationChecklist } from '@openseat/shared/schemas/registration';
import type { ApiError } from '../../../lib/http';
import { message } from '../../../lib/i18n';
import { useChecklist, useCopyChecklist, useSaveChecklist } from '../api/registration';
import { draftsOf, requestOf, type FieldErrors, type ItemDraft } from '../checklist-draft';

/** The paths the editor shows next to an input; any other error is the list's own. */
const SHOWN = [
  /^items\.\d+\.(labels|help)\.\w+$/,
  /^items\.\d+\.document\.(types|maxMb)$/,
  /^items\.\d+\.form(\.fields)?$/,
  /^items\.\d+\.form\.fields\.\d+\.(key|type|showIf|showIf\.field|showIf\.equals)$/,
  /^items\.\d+\.form\.fields\.\d+\.labels\.\w+$/,
  /^items\.\d+\.form\.fields\.\d+\.choices(\.\d+\.(value|labels\.\w+))?$/,
  /^items\.\d+\.agreement\.text\.\w+$/,
];

/** One object for "no errors", so an edit that clears them changes nothing an unchanged item's editor receives. */
const NO_ERRORS: FieldErrors = {};

export type Refusal = { message: string; stale: boolean };

/**
 * The checklist being edited: the drafts, whether they differ from what was read, and save / copy / reload. A save
 * is checked by the shared schema first (the server's paths and messages); what the server refuses comes back with
 * the same paths, or as a 409 when another save got there first.
 */
export function useChecklistEditor(id_campus_year: number | null) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const checklist = useChecklist(id_campus_year);
  const save = useSaveChecklist();
  const copy = useCopyChecklist();
  const [drafts, setDrafts] = useState<ItemDraft[]>([]);
  const [baseline, setBaseline] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const loaded = useRef<RegistrationChecklist | null>(null);
  const id = id_campus_year ?? 0;
  const current = useMemo(() => JSON.stringify(requestOf(id, drafts)), [id, drafts]);
  const dirty = loaded.current !== null && current !== baseline;

  const reset = (data: RegistrationChecklist) => {
    loaded.current = data;
    const next = draftsOf(data);
    setDrafts(next);
    setBaseline(JSON.stringify(requestOf(data.id_campus_year, next)));
    setErrors(NO_ERRORS);
    setRefusal(null);
  };
  // a newer read replaces the drafts only while nothing is being edited (a stale save is refused by the server)
  useEffect(() => {
    if (checklist.data && checklist.data !== loaded.current && !dirty) reset(checklist.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checklist.data]);

  /** Changes the drafts from their latest state (stable: the item editors are memoised on it). */
  const update = useCallback((change: (drafts: ItemDraft[]) => ItemDraft[]) => {
    setDrafts(change);
    setErrors(NO_ERRORS);
  }, []);

  const refuse = (error: unknown) => {
    const e = error as ApiError;
    const fieldErrors = Object.fromEntries((e.errors ?? []).map((fe) => [fe.path, message(fe.message) ?? fe.message]));
    setErrors(fieldErrors);
    setRefusal({ message: e.message, stale: e.status === 409 });
  };

  const submit = async () => {
    const parsed = RegistrationChecklistRequestSchema.safeParse(requestOf(id, drafts));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), message(i.message) ?? i.message])),
      );
      setRefusal({ message: t('registration.fixErrors'), stale: false });
      return;
    }
    setRefusal(null);
    try {
      const saved = await save.mutateAsync(parsed.data);
      reset(saved.data);
      enqueueSnackbar(saved.message, { variant: 'success' });
    } catch (error) {
      refuse(error);
    }
  };

  const copyFrom = async (from_id_campus_year: number) => {
    const copied = await copy.mutateAsync({ from_id_campus_year, id_campus_year: id });
    reset(copied.data);
    enqueueSnackbar(copied.message, { variant: 'success' });
  };

  const reload = async () => {
    const fresh = await checklist.refetch();
    if (fresh.data) reset(fresh.data);
  };

  const general = Object.entries(errors)
    .filter(([path]) => !SHOWN.some((re) => re.test(path)))
    .map(([, text]) => text);

  return {
    checklist,
    drafts,
    update,
    dirty,
    errors,
    general,
    refusal,
    saving: save.isPending,
    submit,
    copyFrom,
    reload,
  };
}
