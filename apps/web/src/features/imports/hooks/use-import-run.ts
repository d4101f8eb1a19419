import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFilePreview, ImportMapping } from '@openseat/shared/schemas/import-files';
import type { ImportFileRun, ImportReport } from '@openseat/shared/schemas/imports';
import { useWorkingContext } from '../../../hooks/working-context';
import { useSession } from '../../../lib/client';
import { downloadReport, useCommitImport, useDryRun } from '../api/import-runs';
import type { ImportWhere } from '../components/CheckStep';
import type { Decisions } from '../components/DuplicatePairs';

/**
 * The dry run and commit of the file as mapped: where the rows go (the working context's school year and campus
 * unless chosen), the report of the last check (dropped as soon as the mapping or the place changes: it no longer
 * says what the commit would do) and the decisions on its duplicates.
 */
export function useImportRun(preview: ImportFilePreview | undefined, mapping: ImportMapping | null) {
  const { t } = useTranslation();
  const context = useWorkingContext();
  const ownCampus = useSession().user?.id_campus ?? null;
  const [chosen, setWhere] = useState<ImportWhere>({ id_school_year: null, id_campus: null });
  const [checked, setChecked] = useState<{ key: string; report: ImportReport } | null>(null);
  const [decisions, setDecisions] = useState<Decisions>({});
  const [error, setError] = useState<string | null>(null);
  const dryRun = useDryRun();
  const commitImport = useCommitImport();
  const where: ImportWhere = {
    id_school_year: chosen.id_school_year ?? context.id_school_year,
    id_campus: ownCampus ?? chosen.id_campus ?? context.id_campus,
  };
  const body: ImportFileRun | null =
    preview && mapping && where.id_school_year !== null
      ? {
          sheet: preview.sheet,
          mapping,
          id_school_year: where.id_school_year,
          id_campus: where.id_campus,
        }
      : null;
  const key = JSON.stringify([preview?.id_import_file, body]);
  const report = checked?.key === key ? checked.report : null;
  const undecided = report ? report.duplicates.filter((d) => !decisions[d.row.rowNumber ?? 0]).length : 0;
  // a merged row fills another application's empty fields: only a kept one is a new application
  const kept = report ? report.duplicates.filter((d) => decisions[d.row.rowNumber ?? 0] === 'keep').length : 0;
  const blocked =
    report && report.overfilled.length > 0
      ? t('imports.commit.blockedOverfilled')
      : undecided > 0
        ? t('imports.commit.blockedDecisions', { count: undecided })
        : null;

  const check = () => {
    if (!preview || !body) return;
    setError(null);
    dryRun.mutate(
      { id: preview.id_import_file, body },
      {
        onSuccess: (answer) => {
          setChecked({ key, report: answer });
          setDecisions({});
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return {
    where,
    setWhere,
    checking: dryRun.isPending,
    error,
    report,
    check,
    download: () => (preview && body ? downloadReport(preview.id_import_file, body) : Promise.resolve()),
    decisions,
    setDecisions,
    blocked,
    rowsToWrite: report ? report.counts.new + kept : 0,
    commit: () =>
      commitImport.mutateAsync({
        id: preview!.id_import_file,
        body: {
          ...body!,
          decisions: Object.entries(decisions).map(([row, action]) => ({ rowNumber: Number(row), action })),
        },
      }),
  };
}
