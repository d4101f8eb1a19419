import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGREEMENT_TEXT_MAX,
  DOCUMENT_MAX_MB,
  DOCUMENT_TYPES,
  FORM_FIELDS_MAX,
} from '@openseat/shared/schemas/registration';
import { emptyField, moved, renameKey, type FieldErrors, type ItemDraft } from '../checklist-draft';
import { FieldEditor } from './FieldEditor';
import { LabelsFields } from './LabelsFields';

type Props = { item: ItemDraft; path: string; errors: FieldErrors; onChange: (item: ItemDraft) => void };

/** What a document asks: the file types accepted and the largest size. */
function DocumentDetails({ item, path, errors, onChange }: Props) {
  const { t } = useTranslation();
  const typesError = errors[`${path}.document.types`];
  const errorId = useId();
  const toggle = (type: (typeof DOCUMENT_TYPES)[number], on: boolean) =>
    onChange({
      ...item,
      document: {
        ...item.document,
        // in the contract's order, whatever the clicks' order
        types: DOCUMENT_TYPES.filter((x) => (x === type ? on : item.document.types.includes(x))),
      },
    });
  return (
    <Stack spacing={1.5}>
      <FormControl component="fieldset" error={!!typesError} aria-describedby={typesError ? errorId : undefined}>
        <FormLabel component="legend">{t('registration.document.types')}</FormLabel>
        <FormGroup row>
          {DOCUMENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={item.document.types.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
              }
              label={t(`registration.document.typeNames.${type}`)}
            />
          ))}
        </FormGroup>
        {typesError && <FormHelperText id={errorId}>{typesError}</FormHelperText>}
      </FormControl>
      <TextField
        label={t('registration.document.maxMb')}
        value={item.document.maxMb}
        onChange={(e) => onChange({ ...item, document: { ...item.document, maxMb: e.target.value } })}
        required
        size="small"
        sx={{ maxWidth: 220 }}
        error={!!errors[`${path}.document.maxMb`]}
        helperText={errors[`${path}.document.maxMb`]}
        slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, max: DOCUMENT_MAX_MB } }}
      />
    </Stack>
  );
}

/** What a form asks: its fields, in order. */
function FormDetails({ item, path, errors, onChange }: Props) {
  const { t } = useTranslation();
  const fields = item.fields;
  const setFields = (next: typeof fields) => onChange({ ...item, fields: next });
  const own = errors[`${path}.form.fields`] ?? errors[`${path}.form`];
  return (
    <Stack spacing={1.5} role="group" aria-label={t('registration.form.fields')}>
      {fields.map((field, index) => (
        <FieldEditor
          key={field.uid}
          field={field}
          earlier={fields.slice(0, index)}
          index={index}
          count={fields.length}
          path={`${path}.form.fields.${index}`}
          errors={errors}
          onChange={(next) => setFields(fields.map((f, i) => (i === index ? next : f)))}
          onKey={(key) => setFields(renameKey(fields, index, key))}
          onMove={(by) => setFields(moved(fields, index, by))}
          onRemove={() => setFields(fields.filter((_, i) => i !== index))}
        />
      ))}
      {own && <FormHelperText error>{own}</FormHelperText>}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={fields.length >= FORM_FIELDS_MAX}
          onClick={() => setFields([...fields, emptyField()])}
        >
          {t('registration.form.addField')}
        </Button>
      </Box>
    </Stack>
  );
}

/** What an agreement asks: its text in the family languages and who signs. */
function AgreementDetails({ item, path, errors, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack spacing={1.5}>
      <LabelsFields
        title={t('registration.agreement.text')}
        labels={item.agreement.text}
        onChange={(text) => onChange({ ...item, agreement: { ...item.agreement, text } })}
        path={`${path}.agreement.text`}
        errors={errors}
        required
        multiline
        maxLength={AGREEMENT_TEXT_MAX}
      />
      <FormControl>
        <FormLabel id={labelId}>{t('registration.agreement.signers')}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={item.agreement.signers}
          onChange={(e) =>
            onChange({ ...item, agreement: { ...item.agreement, signers: e.target.value as 'one' | 'two' } })
          }
        >
          <FormControlLabel value="one" control={<Radio />} label={t('registration.agreement.one')} />
          <FormControlLabel value="two" control={<Radio />} label={t('registration.agreement.two')} />
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}

/** The settings of an item's kind (a deposit has none beyond its words). */
export function ItemDetails(props: Props) {
  switch (props.item.kind) {
    case 'document':
      return <DocumentDetails {...props} />;
    case 'form':
      return <FormDetails {...props} />;
    case 'agreement':
      return <AgreementDetails {...props} />;
    case 'deposit':
      return null;
  }
}
