/**
 * UI text of the app shell (menu, layout, breadcrumbs, working context) and the words every screen uses, English
 * and Spanish (one shape: Spanish is checked against English).
 */
export const menuEn = {
  dashboard: 'Dashboard',
  applications: 'Applications',
  selectedList: 'Selected list',
  waitingList: 'Waiting list',
  declinedList: 'Declined list',
  deniedApplications: 'Denied applications',
  historical: 'Historical',
  enrollmentSettings: 'Enrollment settings',
  registrationReviews: 'Registration review',
  imports: 'Import applications',
  schools: 'Schools',
  users: 'Users',
  roles: 'Roles',
  priorities: 'Priorities configuration',
  tags: 'Application tags',
  feedback: 'Feedback',
  schoolApplications: 'School applications',
  adsTracking: 'Ads tracking',
  mail: 'Mail',
  failedMessages: 'Failed messages',
  settings: 'Account settings',
  admin: 'Admin',
};

export const userEn = {
  settings: 'Account settings',
  logout: 'Sign out',
  logoutEverywhere: 'Sign out on every device',
  logoutEverywhereConsequence:
    'Every sign-in of your account ends: this browser, other tabs, phones and other computers. You will sign in again here.',
  language: 'Language',
  theme: 'Theme',
};

export const commonEn = {
  noResults: 'Nothing to show.',
  search: 'Search',
  exportCsv: 'Export CSV',
  noAccess: 'No access',
  loading: 'Loading…',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  noDate: 'No date specified',
  notSelected: 'Not selected',
  unknown: 'Unknown',
  previous: 'Previous',
  next: 'Next',
  actions: 'Actions',
  none: 'None',
  deactivate: 'Deactivate',
  /** A page of a list counted up to its bound: "1–25 of" then "2,000+" (a button that counts them all). */
  rowsOf: '{{from}}–{{to}} of',
  moreThan: '{{total}}+',
  countAll: ' (count them all)',
};

export const notFoundEn = {
  title: 'Not found',
  help: 'This page does not exist, or it is outside what your account can see.',
  back: 'Go back',
};

export const layoutEn = {
  openMenu: 'Open the menu',
  accountMenu: 'Account menu',
  workingContext: 'Working campus and school period',
  breadcrumbs: 'You are here',
};

/** Breadcrumb labels by route segment (spec: the segment with capitalised words). */
export const breadcrumbsEn = {
  applications: 'Applications',
  'selected-list': 'Selected List',
  'waiting-list': 'Waiting List',
  'declined-list': 'Declined List',
  'denied-applications': 'Denied Applications',
  historical: 'Historical',
  'enrollment-settings': 'Enrollment Settings',
  settings: 'Settings',
  admin: 'Admin',
  modulos: 'Modulos',
  dashboard: 'Dashboard',
  schools: 'Schools',
  school: 'School',
  campus: 'Campus',
  users: 'Users',
  roles: 'Roles',
  role: 'Role',
  'priorities-configuration': 'Priorities Configuration',
  feedback: 'Feedback',
  'school-applications': 'School Applications',
  'application-tags': 'Application Tags',
  ads: 'Ads',
  tracking: 'Tracking',
  all: 'All',
  facebook: 'Facebook',
  google: 'Google',
  application: 'Application',
  mail: 'Mail',
  'failed-messages': 'Failed Messages',
  lottery: 'Lottery',
  present: 'Presentation',
  certificate: 'Certificate',
  registration: 'Registration',
  'registration-reviews': 'Registration review',
  imports: 'Import applications',
  'conflicting-applications': 'Same child at several campuses',
};

export const contextEn = {
  campus: 'Campus',
  period: 'School period',
  states: { not_started: 'not started', started: 'started', finalized: 'finalized' },
};

export const languagesEn = { en: 'English', es: 'Spanish' };

export const themesEn = {
  default: 'Default',
  test: 'Test',
  Orange: 'Orange',
  Purple: 'Purple',
  Blue: 'Blue',
  Pink: 'Pink',
};

export const menuEs: typeof menuEn = {
  dashboard: 'Tablero',
  applications: 'Solicitudes',
  selectedList: 'Lista de seleccionados',
  waitingList: 'Lista de espera',
  declinedList: 'Lista de rechazados',
  deniedApplications: 'Solicitudes denegadas',
  historical: 'Histórico',
  enrollmentSettings: 'Configuración de inscripción',
  registrationReviews: 'Revisión de matrícula',
  imports: 'Importar solicitudes',
  schools: 'Escuelas',
  users: 'Usuarios',
  roles: 'Roles',
  priorities: 'Configuración de prioridades',
  tags: 'Etiquetas de solicitudes',
  feedback: 'Comentarios',
  schoolApplications: 'Solicitudes de la escuela',
  adsTracking: 'Seguimiento de anuncios',
  mail: 'Correo',
  failedMessages: 'Mensajes fallidos',
  settings: 'Configuración de la cuenta',
  admin: 'Administración',
};

export const userEs: typeof userEn = {
  settings: 'Configuración de la cuenta',
  logout: 'Cerrar sesión',
  logoutEverywhere: 'Cerrar sesión en todos los dispositivos',
  logoutEverywhereConsequence:
    'Se cierran todas las sesiones de su cuenta: este navegador, otras pestañas, teléfonos y otras computadoras. Deberá iniciar sesión de nuevo aquí.',
  language: 'Idioma',
  theme: 'Tema',
};

export const commonEs: typeof commonEn = {
  noResults: 'Nada que mostrar.',
  search: 'Buscar',
  exportCsv: 'Exportar CSV',
  noAccess: 'Sin acceso',
  loading: 'Cargando…',
  save: 'Guardar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  noDate: 'Sin fecha especificada',
  notSelected: 'No seleccionado',
  unknown: 'Desconocido',
  previous: 'Anterior',
  next: 'Siguiente',

  actions: 'Acciones',
  none: 'Ninguno',
  deactivate: 'Desactivar',
  rowsOf: '{{from}}–{{to}} de',
  moreThan: 'más de {{total}}',
  countAll: ' (contarlas todas)',
};

export const notFoundEs: typeof notFoundEn = {
  title: 'No encontrado',
  help: 'Esta página no existe, o está fuera de lo que su cuenta puede ver.',
  back: 'Volver',
};

export const layoutEs: typeof layoutEn = {
  openMenu: 'Abrir el menú',
  accountMenu: 'Menú de la cuenta',
  workingContext: 'Campus y periodo escolar de trabajo',
  breadcrumbs: 'Está aquí',
};

export const breadcrumbsEs: typeof breadcrumbsEn = {
  applications: 'Solicitudes',
  'selected-list': 'Lista de seleccionados',
  'waiting-list': 'Lista de espera',
  'declined-list': 'Lista de rechazados',
  'denied-applications': 'Solicitudes denegadas',
  historical: 'Histórico',
  'enrollment-settings': 'Configuración de inscripción',
  settings: 'Configuración',
  admin: 'Administración',
  modulos: 'Módulos',
  dashboard: 'Tablero',
  schools: 'Escuelas',
  school: 'Escuela',
  campus: 'Campus',
  users: 'Usuarios',
  roles: 'Roles',
  role: 'Rol',
  'priorities-configuration': 'Configuración de prioridades',
  feedback: 'Comentarios',
  'school-applications': 'Solicitudes de la escuela',
  'application-tags': 'Etiquetas de solicitudes',
  ads: 'Anuncios',
  tracking: 'Seguimiento',
  all: 'Todas',
  facebook: 'Facebook',
  google: 'Google',
  application: 'Solicitud',
  mail: 'Correo',
  'failed-messages': 'Mensajes fallidos',
  lottery: 'Lotería',
  present: 'Presentación',
  certificate: 'Certificado',
  registration: 'Matrícula',
  'registration-reviews': 'Revisión de matrícula',
  imports: 'Importar solicitudes',
  'conflicting-applications': 'Mismo niño en varios campus',
};

export const contextEs: typeof contextEn = {
  campus: 'Campus',
  period: 'Periodo escolar',
  states: { not_started: 'no iniciado', started: 'iniciado', finalized: 'finalizado' },
};

export const languagesEs: typeof languagesEn = { en: 'Inglés', es: 'Español' };

export const themesEs: typeof themesEn = {
  default: 'Predeterminado',
  test: 'Prueba',
  Orange: 'Naranja',
  Purple: 'Morado',
  Blue: 'Azul',
  Pink: 'Rosa',
};
