import { Box, FormControlLabel, IconButton, Paper, Stack, Switch, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, ItemDraft } from '../checklist-draft';
import { ItemDetails } from './ItemDetails';
import { LabelsFields } from './LabelsFields';

type Props = {
  item: ItemDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  /** By index, so the page passes the same functions to every item (an unchanged item is not drawn again). */
  onChange: (index: number, item: ItemDraft) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
};

/** One item of the checklist: its place, whether it is required, its words, and what its kind asks. */
export const ItemEditor = memo(function ItemEditor({
  item,
  index,
  count,
  errors,
  onChange: changeAt,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const n = index + 1;
  const path = `items.${index}`;
  const titleId = useId();
  const onChange = (next: ItemDraft) => changeAt(index, next);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid={`registration-item-${index}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ flexGrow: 1, minWidth: 0 }}>
          {t('registration.itemTitle', { n, kind: t(`registration.kinds.${item.kind}`) })}
          {item.labels.en.trim() && (
            <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${item.labels.en.trim()}`}</Box>
          )}
        </Typography>
        <Box>
          <IconButton
            aria-label={t('registration.moveUp', { n })}
            disabled={index === 0}
            onClick={() => onMove(index, -1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={t('registration.moveDown', { n })}
            disabled={index === count - 1}
            onClick={() => onMove(index, 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton aria-label={t('registration.remove', { n })} onClick={() => onRemove(index)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      </Stack>
      <Stack spacing={2}>
        <FormControlLabel
          control={
            <Switch checked={item.required} onChange={(e) => onChange({ ...item, required: e.target.checked })} />
          }
          label={t('registration.required')}
        />
        <LabelsFields
          title={t('registration.labels')}
          labels={item.labels}
          onChange={(labels) => onChange({ ...item, labels })}
          path={`${path}.labels`}
          errors={errors}
          required
          maxLength={200}
          testId={`registration-item-${index}-label`}
        />
        <ItemDetails item={item} path={path} errors={errors} onChange={onChange} />
        <LabelsFields
          title={t('registration.help')}
          labels={item.help}
          onChange={(help) => onChange({ ...item, help })}
          path={`${path}.help`}
          errors={errors}
          multiline
          minRows={1}
          maxLength={1000}
        />
      </Stack>
    </Paper>
  );
});
