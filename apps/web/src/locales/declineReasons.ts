/** UI text of a school's decline reasons, English and Spanish (Spanish is checked against English). */
export const declineReasonsEn = {
  title: 'Decline reasons',
  explanation:
    'When a family declines an offer in the family portal, it chooses one of these reasons, in its language. Languages left empty show the English label.',
  builtIn:
    'This school uses the built-in reasons. Edit them and save to make a list of your own; save an empty list to go back to them.',
  reason: 'Reason {{n}}',
  languages: { en: 'English', es: 'Spanish', vi: 'Vietnamese', zh: 'Chinese', ht: 'Haitian Creole', ar: 'Arabic' },
  moreLanguages: 'More languages',
  add: 'Add a reason',
  max: 'At most {{max}} reasons.',
  empty: 'No reasons: families will see the built-in ones.',
  moveUp: 'Move reason {{n}} up',
  moveDown: 'Move reason {{n}} down',
  remove: 'Remove reason {{n}}',
  save: 'Save decline reasons',
  confirmEmptyTitle: 'Go back to the built-in reasons?',
  confirmEmpty:
    "The school's own reasons will be retired and families will choose from the built-in reasons. Answers already given keep their reason.",
  confirmEmptyAction: 'Use the built-in reasons',
  fixErrors: 'Some reasons need a fix: see the fields marked below.',
};

export const declineReasonsEs: typeof declineReasonsEn = {
  title: 'Motivos de rechazo',
  explanation:
    'Cuando una familia rechaza una oferta en el portal de familias, elige uno de estos motivos, en su idioma. Los idiomas que queden vacíos muestran el texto en inglés.',
  builtIn:
    'Esta escuela usa los motivos predeterminados. Edítelos y guarde para tener una lista propia; guarde una lista vacía para volver a ellos.',
  reason: 'Motivo {{n}}',
  languages: { en: 'Inglés', es: 'Español', vi: 'Vietnamita', zh: 'Chino', ht: 'Criollo haitiano', ar: 'Árabe' },
  moreLanguages: 'Más idiomas',
  add: 'Agregar un motivo',
  max: 'Como máximo {{max}} motivos.',
  empty: 'Sin motivos: las familias verán los predeterminados.',
  moveUp: 'Subir el motivo {{n}}',
  moveDown: 'Bajar el motivo {{n}}',
  remove: 'Quitar el motivo {{n}}',
  save: 'Guardar los motivos de rechazo',
  confirmEmptyTitle: '¿Volver a los motivos predeterminados?',
  confirmEmpty:
    'Los motivos propios de la escuela se retirarán y las familias elegirán entre los motivos predeterminados. Las respuestas ya dadas conservan su motivo.',
  confirmEmptyAction: 'Usar los motivos predeterminados',
  fixErrors: 'Algunos motivos necesitan una corrección: vea los campos marcados abajo.',
};
