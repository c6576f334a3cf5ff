import { orderingMsg } from './ordering-messages.js';

/**
 * The warehouse screens' zod-free values (texts, limits), apart from the schemas of warehouse.ts so that a screen
 * reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const warehouseMsg = {
  // §5 — picking
  elegiProducto: 'Elegí un producto',
  cantidadInvalida: 'Cantidad inválida',
  lineaNoEncontrada: 'Línea no encontrada',
  minimoTresLetras: 'Escribí al menos 3 letras',
  // §8 — picking
  errorCargarRenglones: 'Error al cargar renglones',
  putPickingNoExitoso: 'PUT picking no exitoso',
  cancelacionNoExitosa: 'Cancelación no exitosa',
  confirmacionNoCompletada: 'No se pudo completar la confirmación.',
  errorBuscarProductos: orderingMsg.errorBuscarProductos,
  // §2 — picking
  confirmarPedido: '¿Estas seguro que desea confirmar el pedido?',
  // §5 / §8 — stock
  noHayProducto: 'No hay producto seleccionado',
  faltaCodalfa: 'Falta codalfa',
  productoNoEncontradoCodigo: 'No se encontró el producto para ese código.',
  noSePudoGuardar: 'No se pudo guardar',
  noSePudoReiniciarCamara: 'No se pudo reiniciar la cámara',
  // §8 — camera
  camaraRequiereHttps: 'La cámara requiere HTTPS o localhost.',
  sinGetUserMedia: 'Este navegador no soporta getUserMedia.',
  sinCamaras: 'No hay cámaras disponibles.',
  permisoDenegado: 'Permiso de cámara denegado. Revisá permisos del navegador.',
  camaraNoEncontrada: 'No se encontró ninguna cámara en el dispositivo.',
  camaraNoIniciada: 'No se pudo iniciar la cámara. Verificá permisos.',
  sinVideo: 'No se encontró el elemento de video.',
  // Server answers where the spec is silent (docs/decisions/warehouse.md)
  numeroInvalido: 'Número de pedido inválido.',
  cabeceraInvalida: 'La cabecera del pedido no es válida.',
  renglonesInvalidos: 'Los renglones del pedido no son válidos.',
  cantidadEntera: 'Contá unidades enteras: sin coma ni decimales.',
  claveInvalida: 'La clave de idempotencia (encabezado Idempotency-Key) no es válida.',
  pedidoNoPendiente: 'El pedido no existe o no está pendiente de preparación.',
  pedidoYaConfirmado: 'El pedido ya fue confirmado por otro usuario.',
  pedidoYaCancelado: 'El pedido ya fue cancelado por otro usuario.',
  pedidoYaConfirmadoOtraSesion: 'El pedido ya fue confirmado desde otra sesión con otras cantidades; las de esta no se aplicaron.',
  pedidoYaCanceladoOtraSesion: 'El pedido ya fue cancelado desde otra sesión; las cantidades de esta no se aplicaron.',
  pedidoConfirmado: 'Pedido confirmado.',
  pedidoCancelado: 'Pedido cancelado.',
  productoInexistente: 'El producto no existe.',
  productoSinPrecio: 'El producto no tiene precio en la lista del cliente.',
  textoOCodigo: 'Ingresá un texto de búsqueda o un código de barras.',
  sinDeposito: 'La empresa no tiene depósitos configurados.',
  stockActualizado: 'Stock actualizado.',
  stockSinCambios: 'El stock ya tenía esa cantidad.',
  stockConfirmado: 'Stock confirmado.',
} as const;

export const WAREHOUSE = {
  /** Quantity choices of a picking line (§9). */
  pickMin: 1,
  pickMax: 50,
  /** The stock counting field (§5, §9). */
  stockMin: 0,
  stockMax: 100,
  searchMin: 3,
  searchDebounceMs: 300,
  searchReopenDebounceMs: 50,
  /** Catalogue answers of the picking dialog and text answers of consultarStock. */
  searchLimit: 20,
  debugConsoleMax: 400,
  androidHintDelayMs: 2200,
  vibrateMs: 60,
} as const;
