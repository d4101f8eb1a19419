import { TemplatesTab } from './TemplatesTab';

/** The campus's SMS templates tab. */
export default function SmsTemplatesTab({ id_campus }: { id_campus: number }) {
  return <TemplatesTab kind="sms" id_campus={id_campus} />;
}
