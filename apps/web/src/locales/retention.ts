/** UI text of a school's retention policy (docs/privacy.md), English and Spanish (Spanish is checked against English). */
export const retentionEn = {
  title: 'Retention of applications',
  explanation:
    'Applications of finalized school periods can be anonymised a number of school years after their own school year ends: names, birth dates, contacts, addresses, guardians’ data, notes, form answers, uploaded files and message texts go; the counts on the dashboard, the results reports and the lottery records stay. A run happens every day, or now from here.',
  years: 'School years to keep after a period’s school year ends',
  yearsHelp: 'From 1 to 50. Empty: keep every application (the default).',
  off: 'Off: every application is kept.',
  save: 'Save retention policy',
  preview: 'What a run would anonymise now',
  currentYear: 'Current school year: {{year}}',
  nothingDue: 'Nothing is due.',
  columns: {
    schoolYear: 'School year',
    campus: 'Campus',
    applications: 'Applications',
    files: 'Files',
    messages: 'Messages',
  },
  totals:
    'Total: {{applications}} applications, {{files}} files, {{messages}} messages; {{accessRows}} old read records.',
  runNow: 'Run now',
  confirmTitle: 'Anonymise applications now?',
  confirmConsequence:
    '{{applications}} applications will be anonymised for good: their families’ names, contacts, files and message texts are removed and cannot be brought back.',
  confirm: 'Anonymise',
  runs: 'Runs',
  noRuns: 'No run yet.',
  loading: 'Loading',
  runColumns: {
    date: 'Date',
    by: 'By',
    status: 'Status',
    applications: 'Applications',
    files: 'Files',
    messages: 'Messages',
    reads: 'Read records',
  },
  schedule: 'Daily schedule',
  progress: '{{done}} of {{total}}',
  statuses: { pending: 'Waiting', working: 'Working', done: 'Done', failed: 'Failed' },
};

export const retentionEs: typeof retentionEn = {
  title: 'Retención de solicitudes',
  explanation:
    'Las solicitudes de periodos escolares finalizados se pueden anonimizar un número de años escolares después de que termine su propio año escolar: se eliminan nombres, fechas de nacimiento, contactos, direcciones, datos de los tutores, notas, respuestas de formularios, archivos subidos y textos de mensajes; se conservan los conteos del tablero, los informes de resultados y los registros de la lotería. Se aplica cada día, o ahora desde aquí.',
  years: 'Años escolares a conservar después de que termine el año escolar del periodo',
  yearsHelp: 'De 1 a 50. Vacío: se conservan todas las solicitudes (predeterminado).',
  off: 'Desactivada: se conservan todas las solicitudes.',
  save: 'Guardar la política de retención',
  preview: 'Lo que se anonimizaría ahora',
  currentYear: 'Año escolar actual: {{year}}',
  nothingDue: 'No hay nada pendiente.',
  columns: {
    schoolYear: 'Año escolar',
    campus: 'Campus',
    applications: 'Solicitudes',
    files: 'Archivos',
    messages: 'Mensajes',
  },
  totals:
    'Total: {{applications}} solicitudes, {{files}} archivos, {{messages}} mensajes; {{accessRows}} registros de lectura antiguos.',
  runNow: 'Aplicar ahora',
  confirmTitle: '¿Anonimizar las solicitudes ahora?',
  confirmConsequence:
    'Se anonimizarán definitivamente {{applications}} solicitudes: los nombres, contactos, archivos y textos de mensajes de sus familias se eliminan y no se pueden recuperar.',
  confirm: 'Anonimizar',
  runs: 'Aplicaciones',
  noRuns: 'Todavía no se ha aplicado.',
  loading: 'Cargando',
  runColumns: {
    date: 'Fecha',
    by: 'Por',
    status: 'Estado',
    applications: 'Solicitudes',
    files: 'Archivos',
    messages: 'Mensajes',
    reads: 'Registros de lectura',
  },
  schedule: 'Programación diaria',
  progress: '{{done}} de {{total}}',
  statuses: { pending: 'En espera', working: 'En curso', done: 'Terminada', failed: 'Falló' },
};
