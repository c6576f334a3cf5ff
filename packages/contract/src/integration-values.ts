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

/** A driver's or rep's code in the ERP (the route plans' `chofer`, the user's code in Usuarios). */
export const DRIVER_CODE_PATTERN = /^[A-Za-z0-9._-]{1,20}$/;

/** The route plans' (recorridos) messages, also the user form's for the driver's code: without zod. */
export const integrationRoutePlanMsg = {
  choferInvalido: 'El código de chofer son de 1 a 20 letras, dígitos, guiones, puntos o guiones bajos (p. ej. CH07)',
  diaInvalido: 'El día es lunes, martes, miércoles, jueves, viernes, sábado o domingo, o un número del 1 (lunes) al 7 (domingo)',
  turnoInvalido: 'El turno es "mañana" o "tarde"',
  horaInvalida: 'La hora es HH:MM, de 00:00 a 23:59',
  ordenInvalido: 'El orden es un número entero entre 1 y 9999',
  choferSinUsuario: (code: string) =>
    `Ningún usuario del portal tiene el código de chofer ${code}: mande la fila con "usuario" (su nombre de usuario o email en el portal) para asociarlo`,
  choferInexistente: (code: string) => `Ningún usuario del portal tiene el código de chofer ${code}`,
  usuarioInexistente: (user: string) => `No existe el usuario ${user} en esta empresa`,
  usuarioNoRepartidor: (user: string) => `El usuario ${user} no tiene el perfil Repartidor en esta empresa: no puede tener recorrido`,
  codigoDeOtroUsuario: (code: string, user: string) => `El código de chofer ${code} ya es del usuario ${user}`,
  usuarioConOtroCodigo: (user: string, code: string) => `El usuario ${user} ya tiene el código de chofer ${code}`,
  paradaRepetida: (first: number) => `La visita (chofer, día y cliente) ya vino en la fila ${first} de este lote`,
  visitaIniciada:
    'La visita de hoy a este cliente ya empezó en la aplicación de campo (estado, venta o envases): no se modifica ni se quita del recorrido hasta mañana',
} as const;
