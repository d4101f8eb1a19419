import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS } from '@openseat/shared/communication';

/** The merge fields as buttons: a click inserts `{{name}}` at the cursor of the text field last used. */
export function MergeFields({ onInsert }: { onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="merge-fields-title">
      <Typography id="merge-fields-title" variant="subtitle2" component="h3">
        {t('templates.mergeFields')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('templates.mergeFieldsHelp')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {MERGE_FIELDS.map((name) => {
          const label = t(`templates.fields.${name}`);
          return (
            <Button
              key={name}
              size="small"
              variant="outlined"
              aria-label={t('templates.insertField', { label })}
              title={`{{${name}}}`}
              // keep the cursor of the text field: the click must not take the focus first
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onInsert(name)}
              data-testid={`merge-field-${name}`}
              sx={{ textTransform: 'none' }}
            >
              {label}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
