/**
 * UI text of the priorities screen and the seeded priority items, English and Spanish (one shape: Spanish is
 * checked against English).
 */
export const prioritiesEn = {
  campus: 'Campus',
  item: 'Priority',
  level: 'Level',
  save: 'Save priorities',
  denied: "You don't have permissions to configure priorities.",
};

/** The priority items the product seeds, by their stored name. */
export const priorityItemsEn = {
  sibling: 'Sibling',
  'staff child': 'Staff child',
  'in-district': 'In-district',
  general: 'General',
};

export const prioritiesEs: typeof prioritiesEn = {
  campus: 'Campus',
  item: 'Prioridad',
  level: 'Nivel',
  save: 'Guardar prioridades',
  denied: 'No tiene permisos para configurar prioridades.',
};

export const priorityItemsEs: typeof priorityItemsEn = {
  sibling: 'Hermano o hermana',
  'staff child': 'Hijo o hija del personal',
  'in-district': 'Dentro del distrito',
  general: 'General',
};
