import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Ellipsis } from '../../../components/Ellipsis';

/** An e-mail that copies itself to the clipboard on a click and says so for 1000 ms (spec section 2). */
export function CopyEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
      setTimeout(() => setCopied(false), 1000);
    } catch (error) {
      // the spec: a failed copy is only logged
      console.warn('copy failed', error);
    }
  };
  return (
    // describeChild: the tooltip describes the button; its name stays the text it shows (WCAG 2.5.3)
    <Tooltip describeChild title={copied ? t('applications.copied') : t('applications.copyEmail', { email })}>
      <Button size="small" onClick={() => void copy()} sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
        {copied ? t('applications.copied') : <Ellipsis>{email}</Ellipsis>}
      </Button>
    </Tooltip>
  );
}
