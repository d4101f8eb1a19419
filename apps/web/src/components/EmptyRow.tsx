import { TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The row a table shows when a loaded list is empty ("No results" unless told), spanning every column. */
export function EmptyRow({ show, columns, text }: { show: boolean; columns: number; text?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <TableRow>
      <TableCell colSpan={columns}>{text ?? t('common.noResults')}</TableCell>
    </TableRow>
  );
}
