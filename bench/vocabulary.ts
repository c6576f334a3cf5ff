/** What customers of an agro-input distributor type in the search box (ordering.md §3): 70 different words. */
export const VOCABULARY = [
  'glifosato', 'atrazina', 'dicamba', 'metolacloro', 'imazetapir', 'clorpirifós', 'lambdacialotrina', 'imidacloprid',
  'bifentrin', 'azoxistrobina', 'ciproconazole', 'tebuconazole', 'carbendazim', 'aceite', 'metilado', 'tensioactivo',
  'siliconado', 'corrector', 'urea', 'uan', 'nitrato', 'amonio', 'fosfato', 'diamónico', 'monoamónico', 'superfosfato',
  'yeso', 'sulfato', 'calcio', 'mezcla', 'maíz', 'híbrido', 'flint', 'soja', 'trigo', 'candeal', 'girasol', 'oleico',
  'sorgo', 'granífero', 'cebada', 'cervecera', 'avena', 'forrajera', 'alambre', 'ovalado', 'púas', 'galvanizado',
  'boyero', 'poste', 'quebracho', 'tranquera', 'hierro', 'varillón', 'eucalipto', 'pala', 'tenaza', 'carretilla',
  'llave', 'gasoil', 'premium', 'hidráulico', 'grasa', 'litio', 'ivermectina', 'doramectina', 'levamisol', 'vacuna',
  'clostridial', 'reproductiva',
];
