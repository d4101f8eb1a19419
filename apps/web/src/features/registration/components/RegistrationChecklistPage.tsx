import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Link, Menu, MenuItem, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useBlocker, useParams } from 'react-router';
import {
  REGISTRATION_ITEM_KINDS,
  REGISTRATION_ITEMS_MAX,
  type RegistrationItemKind,
} from '@openseat/shared/schemas/registration';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import { useAbility } from '../../../lib/ability';
import { usePeriod, useVisiblePeriods } from '../api/registration';
import { emptyItem, moved, type ItemDraft } from '../checklist-draft';
import { useChecklistEditor } from '../hooks/use-checklist-editor';
import { ChecklistSummary } from './ChecklistSummary';
import { CopyChecklistDialog } from './CopyChecklistDialog';
import { ItemEditor } from './ItemEditor';

/** Asks before leaving the page (in the app or the browser) with changes not saved. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The registration checklist of a school period (issue 25): edited as a whole list, saved at once. */
export default function RegistrationChecklistPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const id = routeId(useParams().id_campus_year);
  const period = usePeriod(id);
  const editor = useChecklistEditor(id);
  const mayEdit = ability.can('edit', 'enrollment_settings');
  const [adding, setAdding] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  const periods = useVisiblePeriods(copying);
  const blocker = useLeaveGuard(editor.dirty);
  // the dialog closes after "Leave" too: the navigation let go must not be reset then
  const leaving = useRef(false);
  const { drafts, update, errors, refusal } = editor;
  const change = useCallback(
    (index: number, next: ItemDraft) => update((all) => all.map((d, i) => (i === index ? next : d))),
    [update],
  );
  const move = useCallback((index: number, by: -1 | 1) => update((all) => moved(all, index, by)), [update]);

  if (id === null || isNotFound(period.error) || isNotFound(editor.checklist.error))
    return <NotFound backTo="/main/enrollment-settings" />;
  const p = period.data;
  const data = editor.checklist.data;
  const sources = periods.data?.filter((o) => p && o.id_school === p.id_school && o.id_campus_year !== id);

  const add = (kind: RegistrationItemKind) => {
    setAdding(null);
    update((all) => [...all, emptyItem(kind)]);
  };

  return (
    <>
      <PageTitle>
        {p ? `${t('registration.title')} · ${p.campus.name} · ${p.school_year.name}` : t('registration.title')}
      </PageTitle>
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        <Typography variant="body2" color="text.secondary">
          {t('registration.explanation')}
        </Typography>
        {editor.checklist.error && <Alert severity="error">{editor.checklist.error.message}</Alert>}
        {!data ? (
          !editor.checklist.error && <Skeleton variant="rounded" height={200} aria-label={t('common.loading')} />
        ) : !mayEdit ? (
          <>
            <Alert severity="info">{t('registration.readOnly')}</Alert>
            {data.items.length === 0 ? (
              <Typography color="text.secondary">{t('registration.empty')}</Typography>
            ) : (
              <ChecklistSummary items={data.items} />
            )}
          </>
        ) : (
          <Stack
            component="form"
            spacing={2}
            noValidate
            aria-label={t('registration.title')}
            onSubmit={(e) => {
              e.preventDefault();
              void editor.submit();
            }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button startIcon={<ContentCopyIcon />} onClick={() => setCopying(true)} data-testid="registration-copy">
                {t('registration.copy')}
              </Button>
            </Stack>
            {drafts.map((item, index) => (
              <ItemEditor
                key={item.uid}
                item={item}
                index={index}
                count={drafts.length}
                errors={errors}
                onChange={change}
                onMove={move}
                onRemove={setRemoving}
              />
            ))}
            {drafts.length === 0 && <Typography color="text.secondary">{t('registration.empty')}</Typography>}
            {(refusal || editor.general.length > 0) && (
              <Alert
                severity="error"
                role="alert"
                data-testid="registration-error"
                action={
                  refusal?.stale && (
                    <Button color="inherit" size="small" onClick={() => void editor.reload()}>
                      {t('registration.reload')}
                    </Button>
                  )
                }
              >
                {[refusal?.message, ...editor.general].filter(Boolean).join(' ')}
              </Alert>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                startIcon={<AddIcon />}
                aria-haspopup="menu"
                aria-expanded={adding !== null}
                aria-controls={adding ? 'registration-add-menu' : undefined}
                disabled={drafts.length >= REGISTRATION_ITEMS_MAX}
                onClick={(e) => setAdding(e.currentTarget)}
                data-testid="registration-add"
              >
                {t('registration.add')}
              </Button>
              <Button type="submit" variant="contained" disabled={editor.saving}>
                {t('registration.save')}
              </Button>
              {editor.dirty && (
                <Typography variant="body2" color="text.secondary" role="status">
                  {t('registration.unsaved')}
                </Typography>
              )}
            </Stack>
            {drafts.length >= REGISTRATION_ITEMS_MAX && (
              <Typography variant="body2" color="text.secondary">
                {t('registration.max', { max: REGISTRATION_ITEMS_MAX })}
              </Typography>
            )}
            <Menu id="registration-add-menu" anchorEl={adding} open={adding !== null} onClose={() => setAdding(null)}>
              {REGISTRATION_ITEM_KINDS.map((kind) => (
                <MenuItem key={kind} onClick={() => add(kind)}>
                  {t(`registration.kinds.${kind}`)}
                </MenuItem>
              ))}
            </Menu>
          </Stack>
        )}
        <Link component={RouterLink} to={`/main/enrollment-settings/${id}`}>
          {p ? `${p.campus.name} · ${p.school_year.name}` : t('breadcrumbs.enrollment-settings')}
        </Link>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('registration.removeTitle', { n: (removing ?? 0) + 1 })}
        consequence={t('registration.removeConsequence')}
        confirmLabel={t('registration.removeAction')}
        danger
        onConfirm={async () => update((all) => all.filter((_, i) => i !== removing))}
        onClose={() => setRemoving(null)}
      />
      <CopyChecklistDialog
        open={copying}
        periods={sources}
        onCopy={editor.copyFrom}
        onClose={() => setCopying(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('registration.leaveTitle')}
        consequence={t('registration.leaveConsequence')}
        confirmLabel={t('registration.leaveAction')}
        danger
        onConfirm={async () => {
          leaving.current = true;
          blocker.proceed?.();
        }}
        onClose={() => {
          if (!leaving.current) blocker.reset?.();
          leaving.current = false;
        }}
      />
    </>
  );
}
