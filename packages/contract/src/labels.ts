/**
 * Short labels several screens and message sets use (column titles, a menu group): written once here, referred to
 * from the message sets, so a copy cannot drift. Zod-free, like the areas' values files.
 */
export const LABELS = {
  error: 'Error',
  cantidad: 'Cantidad',
  clave: 'Clave',
  copiar: 'Copiar',
  entregado: 'Entregado',
  estado: 'Estado',
  fecha: 'Fecha',
  integracion: 'Integración',
  tipo: 'Tipo',
} as const;
