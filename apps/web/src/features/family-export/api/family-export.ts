import { downloadFile } from '../../../lib/download';

/** Saves the zip of the family's data (`family.json` and their files) of this application's family. */
export const downloadFamilyExport = (id_application: number, correlative: number) =>
  downloadFile(`/application/${id_application}/family-export`, `family-${correlative}.zip`);
