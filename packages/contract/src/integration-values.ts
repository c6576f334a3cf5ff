/**
 * The outbound feed's limits and messages without zod, so that the screens showing the ERP's answer (Gestión de
 * pedidos, the receipt lists) do not load the event schemas.
 */
export const INTEGRATION_FEED = { defaultLimit: 100, maxLimit: 1000 } as const;

export const integrationEventsMsg = {
  cursorInvalido: 'El cursor (desde) no es válido: use 0 para empezar o el valor de «siguiente» de la respuesta anterior',
  limiteInvalido: `El límite debe ser un número entero entre 1 y ${INTEGRATION_FEED.maxLimit}`,
  eventoInexistente: 'El evento no existe',
  resultadoInvalido: 'El resultado debe ser aceptado, rechazado o aplicado',
  numeroErpObligatorio: 'Indique el número del documento en el ERP (numero_erp)',
  numeroErpLargo: 'El número del ERP admite hasta 40 caracteres',
  motivoObligatorio: 'Indique el motivo del rechazo (motivo)',
  motivoLargo: 'El motivo admite hasta 500 caracteres',
  sinResultado: (tipo: string) => `Los eventos ${tipo} no admiten resultado: solo pedidos, órdenes de compra y recibos`,
  resultadoNoCorresponde: (resultado: string, tipo: string) => `El resultado ${resultado} no corresponde a un evento ${tipo}`,
  otroResultado: 'El evento ya tiene otro resultado registrado',
  resultadoRegistrado: 'Resultado registrado',
  // How the order and receipt screens show the ERP's answer
  erpNumero: (numero: string) => `ERP: ${numero}`,
  erpRechazado: 'Rechazado por el ERP',
} as const;

/** The ERP's answer as the screens name it: its number there, or that it refused the document. */
export function erpAnswerText(answer: { estado: string; numero: string | null }): string {
  return answer.estado === 'rechazado' ? integrationEventsMsg.erpRechazado : integrationEventsMsg.erpNumero(answer.numero ?? '');
}
