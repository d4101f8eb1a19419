/**
 * UI text of the enrollment settings (school periods and their seats), English and Spanish (one shape: Spanish is
 * checked against English).
 */
export const periodsEn = {
  create: 'New school period',
  current: 'Current',
  state: 'State',
  start: 'Start school period',
  finalize: 'Finalize school period',
  confirm: 'Confirm',
  confirmStart: 'Families can apply from the enrollment start date until the end date.',
  confirmFinalize:
    'Finalizing freezes all data of this period, moves it to Historical, and no new applications are accepted until a new period starts. This cannot be undone.',
  notReady: 'Not ready to start:',
  seatsPerGrade: 'Spots per grade',
  saveSeats: 'Save spots',
  seatsSum: 'Spots given to grades: {{sum}} of {{total}}',
  grade: 'Grade',
  taken: 'Taken',
  available: 'Available',
  noGrades: 'No grade is active on this campus: activate grades in the campus grade settings.',
  modes: { 1: 'Manual', 2: 'Automatic' },
  fields: {
    id_campus: 'Campus',
    id_school_year: 'School year',
    spots: 'Total spots',
    enrollment_acceptance_period: 'Acceptance period (days)',
    enrollment_start_date: 'Enrollment start',
    enrollment_end_date: 'Enrollment end',
    first_day_of_school: 'First day of school',
    enrollment_mode: 'Enrollment mode',
    auto_move_waiting_list_on_decline: 'When a seat is declined, offer it to the waiting list',
    sibling_priority: 'Siblings of a lottery winner are drawn at the sibling priority level',
  },
};

export const periodsEs: typeof periodsEn = {
  create: 'Nuevo periodo escolar',
  current: 'Actuales',
  state: 'Estado',
  start: 'Iniciar periodo escolar',
  finalize: 'Finalizar periodo escolar',
  confirm: 'Confirmar',
  confirmStart: 'Las familias pueden postular desde la fecha de inicio hasta la fecha de fin de inscripción.',
  confirmFinalize:
    'Finalizar congela todos los datos de este periodo, lo mueve a Histórico y no se aceptan nuevas solicitudes hasta que inicie un nuevo periodo. No se puede deshacer.',
  notReady: 'No está listo para iniciar:',
  seatsPerGrade: 'Cupos por grado',
  saveSeats: 'Guardar cupos',
  seatsSum: 'Cupos asignados a grados: {{sum}} de {{total}}',
  grade: 'Grado',
  taken: 'Ocupados',
  available: 'Disponibles',
  noGrades: 'Ningún grado está activo en este campus: active grados en la configuración de grados del campus.',
  modes: { 1: 'Manual', 2: 'Automático' },
  fields: {
    id_campus: 'Campus',
    id_school_year: 'Año escolar',
    spots: 'Cupos totales',
    enrollment_acceptance_period: 'Periodo de aceptación (días)',
    enrollment_start_date: 'Inicio de inscripción',
    enrollment_end_date: 'Fin de inscripción',
    first_day_of_school: 'Primer día de clases',
    enrollment_mode: 'Modo de inscripción',
    auto_move_waiting_list_on_decline: 'Si se rechaza un cupo, ofrecerlo a la lista de espera',
    sibling_priority: 'Los hermanos de un ganador de la lotería se sortean en el nivel de prioridad de hermanos',
  },
};
