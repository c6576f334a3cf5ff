/**
 * Spreadsheet import of the 'Integración' screen (docs/integration.md 'Importar planilla'), without zod so the screen
 * loads no schemas: the kinds a cooperative without an ERP developer loads from an XLSX or CSV, each kind's columns
 * (the integration API's field names; a facet's as `marca.codigo` and `marca.nombre`), its example row, the limits
 * and the texts.
 */

import { LABELS } from './labels.js';
import { orderingMsg } from './ordering-messages.js';
import { quickOrderMsg } from './quick-order-values.js';

/**
 * The kinds a spreadsheet loads; `movimientos` is offered as the customers' opening balances (one voucher each).
 * The kinds whose row nests lists (contracts' fixings, grain certificates, vouchers to authorize) come through the API
 * (docs/integration.md 'Importar planilla').
 */
export const SPREADSHEET_KINDS = ['productos', 'precios', 'clientes', 'stock', 'movimientos', 'recorridos'] as const;
export type SpreadsheetKind = (typeof SPREADSHEET_KINDS)[number];

export const SPREADSHEET_KIND_LABELS: Record<SpreadsheetKind, string> = {
  productos: 'Productos',
  precios: 'Precios',
  clientes: 'Clientes',
  stock: 'Stock por depósito',
  movimientos: 'Saldos iniciales de cuenta corriente',
  recorridos: 'Recorridos de choferes y vendedores',
};

export const SPREADSHEET = {
  /** The largest file taken: 50,000 rows of the widest kind (products) fit in a few MB; 20 MB leaves room for formats. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Data rows per file (the header not counted): a larger load goes in several files, or through the API. */
  maxRows: 50_000,
} as const;

const facet = (name: string) => [`${name}.codigo`, `${name}.nombre`];

/** Each kind's columns, in the template's order; a file may carry them in any order and leave optional ones out. */
export const SPREADSHEET_COLUMNS: Record<SpreadsheetKind, readonly string[]> = {
  productos: [
    'codigo', 'codigo_alfa', 'nombre', 'descripcion', 'unidad_venta', 'unidad', 'factor',
    ...['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'].flatMap(facet),
    'codigo_barras', 'otros_codigos_barras', 'ubicacion', 'dias_entrega', 'nuevo', 'promocion', 'envase', 'activo',
  ],
  precios: ['lista', 'lista_nombre', 'producto', 'moneda', 'precio', 'descuento1', 'descuento2', 'precio_minimo', 'precio_maximo'],
  clientes: ['codigo', 'razon_social', 'descripcion', 'cuit', 'vendedor', 'lista_precios', 'telefono', 'email', 'localidad', 'provincia', 'activo'],
  stock: ['deposito', 'deposito_nombre', 'producto', 'cantidad'],
  movimientos: ['tipo', 'letra', 'punto_venta', 'numero', 'nombre', 'cliente', 'fecha', 'vencimiento', 'moneda', 'importe', 'cuenta', 'detalle', 'cancelado'],
  recorridos: ['chofer', 'usuario', 'dia', 'cliente', 'orden', 'turno', 'hora', 'nota'],
};

/** The template's example row of each kind (cells as a spreadsheet shows them). */
export const SPREADSHEET_EXAMPLES: Record<SpreadsheetKind, Record<string, string | number | boolean>> = {
  productos: {
    codigo: 5001, codigo_alfa: 'GLI-20', nombre: 'Glifosato 66,2% x 20 l', unidad_venta: 'Bidón x 20 l', unidad: 'l', factor: '20',
    'familia.codigo': 3, 'familia.nombre': 'Herbicidas', 'marca.codigo': 12, 'marca.nombre': 'Atanor',
    codigo_barras: '7791234500017', otros_codigos_barras: 'ART-5001', activo: 'si',
  },
  precios: { lista: 1, lista_nombre: 'Lista general', producto: 5001, moneda: 'USD', precio: '152.40', descuento1: '5', precio_minimo: '140.00', precio_maximo: '160.00' },
  clientes: {
    codigo: 1001, razon_social: 'Juan Pérez', cuit: '20123456786', vendedor: 1, telefono: '2954 412345', email: 'jperez@example.com.ar',
    localidad: 'Santa Rosa', provincia: 'La Pampa', activo: 'si',
  },
  stock: { deposito: 1, deposito_nombre: 'Depósito central', producto: 5001, cantidad: '84' },
  movimientos: {
    tipo: 'ND', punto_venta: 1, numero: 1001, nombre: 'Saldo inicial', cliente: 1001, fecha: '2026-12-01', vencimiento: '2026-12-01',
    moneda: 'ARS', importe: '125000.00', cuenta: 1, detalle: 'Saldo inicial al 30/11/2026',
  },
  recorridos: { chofer: 'CH07', usuario: 'repartidor', dia: 'martes', cliente: 1001, orden: 1, turno: 'mañana', hora: '08:30', nota: 'Dejar 4 bidones' },
};

const n = (v: number) => v.toLocaleString('es-AR');

export const spreadsheetMsg = {
  titulo: 'Importar planilla',
  intro:
    'Para cargar datos sin un sistema de gestión conectado: descargue la plantilla del tipo de dato, complétela en Excel y súbala. ' +
    'La vista previa muestra cada fila con error antes de escribir nada; al aplicar se escriben las filas válidas. Subir el mismo archivo dos veces no cambia nada.',
  tipoDato: 'Tipo de dato',
  archivo: 'Archivo XLSX o CSV',
  elegirArchivo: quickOrderMsg.elegirArchivo,
  descargarXlsx: 'Plantilla XLSX',
  descargarCsv: 'Plantilla CSV',
  vistaPrevia: 'Vista previa',
  revisando: 'Revisando el archivo…',
  aplicar: orderingMsg.aplicar,
  aplicando: (rows: number) => `Aplicando ${n(rows)} filas…`,
  aplicado: 'Planilla aplicada',
  descartar: 'Descartar',
  otroArchivo: 'Importar otro archivo',
  seAceptarian: 'Se escribirían',
  quedanIguales: 'Quedan iguales',
  seRechazarian: 'Con errores',
  escritas: 'Escritas',
  filasConError: 'Filas con error',
  sinErrores: 'Ninguna fila tiene errores.',
  reglaAplicar: 'Al aplicar se escriben solo las filas sin errores; corrija las demás en la planilla y vuelva a subirla.',
  nadaQueAplicar: 'No hay filas para escribir: todas quedan iguales o tienen errores.',
  fila: 'Fila',
  columna: 'Columna',
  mensaje: LABELS.error,
  planillaDe: (user: string) => `Planilla (${user})`,
  // Refusals of the file (400; 413 over the limits)
  archivoFaltante: 'Adjunte el archivo XLSX o CSV en el campo archivo.',
  archivoGrande: `El archivo supera los ${n(SPREADSHEET.maxFileBytes / 1024 / 1024)} MB. Divídalo en varios archivos de hasta ${n(SPREADSHEET.maxRows)} filas.`,
  demasiadasFilas: `La planilla supera las ${n(SPREADSHEET.maxRows)} filas. Divídala en varios archivos.`,
  formatoInvalido: quickOrderMsg.archivoNoPlanilla,
  formatoXls: 'El formato .xls (Excel 97-2003) no se admite. Guárdelo como Excel (.xlsx) o CSV y vuelva a subirlo.',
  sinHojas: quickOrderMsg.archivoSinHojas,
  archivoVacio: 'La planilla no tiene filas de datos debajo de los encabezados.',
  sinEncabezados: 'La primera fila debe tener los nombres de las columnas (descargue la plantilla del tipo de dato).',
  columnasDesconocidas: (cols: string[]) => `Columnas desconocidas: ${cols.join(', ')}. Use los encabezados de la plantilla.`,
  columnasFaltantes: (cols: string[]) => `Faltan columnas obligatorias: ${cols.join(', ')}.`,
  columnaRepetida: (col: string) => `La columna ${col} está repetida.`,
  csvComillas: 'El archivo CSV termina dentro de un campo entre comillas.',
  formula: (cell: string) => `La celda ${cell} tiene una fórmula sin valor calculado. Guarde la planilla con los valores y vuelva a subirla.`,
  tipoNoImportable: 'Ese tipo de dato no se importa por planilla.',
} as const;
