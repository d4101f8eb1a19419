import { TemplatesTab } from './TemplatesTab';

/** The campus's e-mail templates tab. */
export default function EmailTemplatesTab({ id_campus }: { id_campus: number }) {
  return <TemplatesTab kind="email" id_campus={id_campus} />;
}
