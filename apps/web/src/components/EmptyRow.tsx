import { TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The row a table shows when a loaded list is empty ("No results"), spanning every column. */
export function EmptyRow({ show, columns }: { show: boolean; columns: number }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>{t('common.noResults')}</TableCell>
    </TableRow>
  );
}
