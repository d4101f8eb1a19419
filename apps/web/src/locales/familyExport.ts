/** UI text of a family's export on request (docs/privacy.md), English and Spanish (Spanish is checked against English). */
export const familyExportEn = {
  button: "Export the family's data",
  busy: 'Preparing the export…',
  hint: "A zip of every application of this child's family that you can see (same guardian e-mail or phone): their data as JSON and their files. The export is recorded in the audit log.",
};

export const familyExportEs: typeof familyExportEn = {
  button: 'Exportar los datos de la familia',
  busy: 'Preparando la exportación…',
  hint: 'Un zip con todas las solicitudes de la familia de este niño que usted puede ver (mismo correo o teléfono del tutor): sus datos en JSON y sus archivos. La exportación queda registrada en el registro de auditoría.',
};
