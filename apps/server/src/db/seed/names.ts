/** Names for realistic demo families, English and Spanish. */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Benjamin', 'Mia', 'Lucas',
  'Charlotte', 'Mason', 'Amelia', 'Ethan', 'Harper', 'Logan', 'Evelyn', 'Jackson', 'Abigail', 'Aiden', 'Emily', 'Caleb',
  'Sofía', 'Mateo', 'Valentina', 'Santiago', 'Camila', 'Sebastián', 'Valeria', 'Diego', 'Ximena', 'Alejandro', 'Regina',
  'Leonardo', 'Renata', 'Emiliano', 'Daniela', 'Joaquín', 'Lucía', 'Gael', 'Mariana', 'Iker', 'Fernanda', 'Rodrigo', 'Paula', 'Andrés',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'García', 'Rodríguez', 'Martínez', 'Hernández',
  'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Reyes', 'Morales',
  'Cruz', 'Ortiz', 'Gutiérrez', 'Chávez', 'Ramos', 'Vargas', 'Castillo', 'Jiménez', 'Moreno', 'Romero', 'Herrera', 'Medina',
];

export const GUARDIAN_FIRST_NAMES = ['María', 'José', 'Jennifer', 'Michael', 'Ana', 'Carlos', 'Jessica', 'David', 'Laura', 'Juan', 'Sarah', 'Luis', 'Ashley', 'Miguel', 'Patricia', 'Jorge'];

export const STREETS = ['Oak St', 'Maple Ave', 'Calle Sol', 'Mesa Dr', 'Palo Verde Rd', 'Camelback Rd', 'Indian School Rd', 'Central Ave', 'Saguaro Ln', 'Avenida Rio'];
export const CITIES = [['Phoenix', '850'], ['Mesa', '852'], ['Tempe', '852'], ['Tucson', '857']] as const;
export const OCCUPATIONS = ['Teacher', 'Nurse', 'Electrician', 'Accountant', 'Chef', 'Mechanic', 'Engineer', 'Retail manager', 'Enfermera', 'Contador', 'Cocinero', 'Driver'];
export const ETHNICITIES = ['Hispanic or Latino', 'White', 'Black or African American', 'Asian', 'American Indian or Alaska Native', 'Two or more races'];
export const NOTES = [
  'Called the family, left a voicemail.',
  'Parent asked about the bus route.',
  'Family visited the campus on the open house.',
  'Sibling already enrolled at this campus.',
  'Se habló con la madre; prefiere comunicación en español.',
  'Waiting for proof of residence.',
  'Student has an IEP from the previous school.',
  'Padre pidió información sobre el programa bilingüe.',
];

export const PREVIOUS_SCHOOLS = ['Lincoln Elementary', 'Escuela Benito Juárez', 'Desert View Middle', 'Sunrise Preschool', 'Roosevelt K-8', 'Camelback High'];
export const EVENTS = ['Open house', 'Campus tour', 'Virtual information session', 'Sesión informativa en español'];
