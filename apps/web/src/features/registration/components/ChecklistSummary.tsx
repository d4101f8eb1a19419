import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RegistrationItem } from '@openseat/shared/schemas/registration';

type Words = Record<string, string | null | undefined> | null | undefined;

/** The checklist as it reads, for a user who may see it but not change it. */
export function ChecklistSummary({ items }: { items: RegistrationItem[] }) {
  const { t, i18n } = useTranslation();
  const words = (labels: Words) => (i18n.language.startsWith('es') && labels?.es) || labels?.en || '';
  return (
    <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="registration-summary">
      {items.map((item, index) => (
        <Paper component="li" variant="outlined" key={item.id_registration_item} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
              {`${index + 1}. ${words(item.labels)}`}
            </Typography>
            <Chip size="small" label={t(`registration.kinds.${item.kind}`)} />
            <Chip
              size="small"
              variant="outlined"
              label={item.required ? t('registration.required') : t('registration.optional')}
            />
          </Stack>
          {item.help && <Typography variant="body2">{words(item.help)}</Typography>}
          {item.document && (
            <Typography variant="body2" color="text.secondary">
              {t('registration.summary.types', {
                types: item.document.types.map((x) => t(`registration.document.typeNames.${x}`)).join(', '),
                mb: item.document.maxMb,
              })}
            </Typography>
          )}
          {item.form && (
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {item.form.fields.map((f) => (
                <li key={f.key}>
                  <Typography variant="body2">
                    {`${words(f.labels)} (${t(`registration.form.types.${f.type}`)}${f.required ? ', ' + t('registration.required').toLowerCase() : ''})`}
                    {f.showIf &&
                      ` · ${t('registration.summary.shownWhen', { field: f.showIf.field, answer: f.showIf.equals })}`}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          {item.agreement && (
            <>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 0.5 }}>
                {words(item.agreement.text)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`registration.summary.signers.${item.agreement.signers}`)}
              </Typography>
            </>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
