/** UI text of the tags screen, English and Spanish (one shape: Spanish is checked against English). */
export const tagsEn = {
  create: 'New tag',
  edit: 'Edit tag',
  delete: 'Delete tag',
  name: 'Name',
  description: 'Description',
  campus: 'Campus',
  confirmDelete: 'Delete the tag {{name}}? It is removed from every application. This cannot be undone.',
  editNamed: 'Edit the tag {{name}}',
  deleteNamed: 'Delete the tag {{name}}',
};

export const tagsEs: typeof tagsEn = {
  create: 'Nueva etiqueta',
  edit: 'Editar etiqueta',
  delete: 'Eliminar etiqueta',
  name: 'Nombre',
  description: 'Descripción',
  campus: 'Campus',
  confirmDelete: '¿Eliminar la etiqueta {{name}}? Se quita de todas las solicitudes. No se puede deshacer.',
  editNamed: 'Editar la etiqueta {{name}}',
  deleteNamed: 'Eliminar la etiqueta {{name}}',
};
