/**
 * Every Spanish product text that both the server and the browser show, written once.
 * Strings quoted in ../shared/spec are copied verbatim, typos included.
 */
/** The answer to an id that is not a positive whole number within the column's range (common.ts's id schemas). */
export const ID_INVALID = 'El identificador indicado no es válido.';

const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Espere unos minutos y vuelva a intentar.';

export const msg = {
  // The spec's loading text (ordering.md §8, statements.md), the same on every screen.
  cargando: 'Cargando....',
  // access.md §5 — validation
  usuarioObligatorio: 'El usuario es obligatorio.',
  passwordObligatoria: 'La contraseña es obligatoria.',
  nombreObligatorio: 'El nombre es obligatorio.',
  apellidoObligatorio: 'El apellido es obligatorio.',
  emailInvalido: 'Ingrese un email válido.',
  telefonoObligatorio: 'Campo numérico obligatorio.',
  telefonoLongitud: 'Debe contener 10 caracteres',
  telefonoInvalido: 'El número de celular no es válido: código de área sin 0 y número sin 15.',
  codigoLongitud: 'El código debe tener 6 caracteres',
  cuitObligatorio: 'El cuit es obligatorio.',
  cuitSoloNumeros: 'Sólo números, sin caracteres ni espacios',
  cuitLongitud: 'El cuit debe ser de 11 caracteres',
  mailObligatorio: 'El mail es obligatorio.',
  minimoSeisRecupero: 'Mínimo 6 caracteres',
  contraseniasNoCoinciden: 'Las contraseñas no coinciden',
  nombreVacio: 'El nombre no puede ser vacio.',
  apellidoVacio: 'El apellido no puede ser vacio.',
  minimoSeisPerfil: 'Minimo 6 caracteres',
  entidadObligatoria: 'Debe tipear una entidad.',

  // access.md §8 — errors
  errorDatosUsuario: 'Error al consultar datos del usuario',
  errorObtenerDatos: 'Se produjo un error al obtener los datos',
  errorAutenticacion: 'Error en la autenticación',
  errorCreacionUsuario: 'Error en la creación del usuario',
  errorVerificacionNumero: 'Error en la verificación del numero del usuario',
  errorEnvioSms: 'Error al enviar el SMS, vuelva a inentar por favor.',
  nuevoCodigoEnviado: (phone: string) => `Se ha enviado un nuevo código a ${phone}`,
  errorNuevaSesion: 'Ocurrió un error a cargar la nueva sesión',
  errorBusquedaEntidad: 'Ocurrió un error',
  confirmarEliminarSesion: '¿Está seguro que desea eliminar la empresa de sus sesiones activas?',
  sesionEliminada: 'Se eliminó la sesión',
  confirmarLogout: 'Su sesión se cerrará. ¿Desea continuar?',
  errorCambiarPassword: 'Error al cambiar la contraseña',
  sinSesiones: 'No tiene sesiones activas',
  sinEntidades: 'No tiene entidades relacionadas',

  // Server answers the spec leaves open (decided in docs/decisions/access.md)
  solicitudInvalida: 'La solicitud no es válida.',
  maximoOchenta: 'Máximo 80 caracteres.',
  credencialesInvalidas: 'Usuario o contraseña incorrectos.',
  clienteInvalido: 'Cliente no autorizado.',
  tipoConcesionInvalido: 'Tipo de concesión no soportado.',
  refreshInvalido: 'La sesión expiró. Ingrese nuevamente.',
  noAutenticado: 'Debe iniciar sesión para continuar.',
  tokenInvalido: 'La sesión expiró o no es válida. Ingrese nuevamente.',
  empresaObligatoria: 'Debe seleccionar una empresa.',
  empresaInexistente: 'No existe una empresa con el CUIT indicado.',
  empresaSinAcceso: 'No tiene acceso a la empresa indicada.',
  sesionSuspendida: 'La sesión con esta empresa se encuentra suspendida.',
  actuaComoInvalido: 'El encabezado Actua_como debe ser el código numérico de una entidad.',
  entidadIdInvalido: 'El encabezado Entity_ID debe ser el código numérico de una entidad.',
  sinAccesoDispositivo: 'No tiene acceso a esta empresa desde este dispositivo.',
  entidadObligatoriaHeader: 'Debe seleccionar una entidad.',
  entidadSinAcceso: 'No tiene acceso a la entidad indicada.',
  entidadInactiva: 'La entidad seleccionada no se encuentra activa.',
  actuaComoSoloAdmin: 'Sólo un administrador puede actuar como otra entidad.',
  perfilSinAcceso: 'No tiene asignado el perfil indicado.',
  demasiadosIntentos: TOO_MANY_ATTEMPTS,
  /** A 429 whose wait (Retry-After) is under a minute names it; a longer one keeps 'unos minutos'. */
  demasiadosIntentosEspera: (seconds: number) =>
    seconds >= 60
      ? TOO_MANY_ATTEMPTS
      : `Demasiados intentos. Espere ${Math.max(1, Math.ceil(seconds))} ${Math.max(1, Math.ceil(seconds)) === 1 ? 'segundo' : 'segundos'} y vuelva a intentar.`,
  smsEsperar: (hora: string) => `Ya enviamos varios códigos a este celular. Podrá pedir otro a partir de las ${hora}.`,
  errorInterno: 'Se produjo un error inesperado. Intente nuevamente más tarde.',
  sinConexion: 'Sin conexión a internet. Los datos se cargarán cuando vuelva la señal.',
  noEncontrado: 'El recurso solicitado no existe.',
  direccionInvalida: 'La dirección solicitada no es válida.',
  emailYaRegistrado: 'El email ya se encuentra registrado.',
  usuarioCreadoTitulo: 'Registro',
  codigoEnviado: (phone: string) => `Le enviamos un código de verificación por SMS al ${phone}.`,
  /** 'Corregir mis datos' and sending again: no new SMS goes out, the code sent before still validates. */
  codigoVigente: (phone: string) => `Sus datos fueron corregidos. El código que le enviamos por SMS al ${phone} sigue vigente.`,
  codigoIncorrecto: 'El código ingresado no es correcto.',
  codigoVencido: 'El código venció. Solicite uno nuevo con "Reenviar código".',
  codigoSinIntentos: 'Superó la cantidad de intentos. Solicite un nuevo código con "Reenviar código".',
  registroInexistente: 'No se encontró el registro pendiente. Complete el formulario nuevamente.',
  usuarioCreado: 'Su usuario fue creado correctamente.',
  recuperoTitulo: 'Recuperar su contraseña',
  recuperoEnviado:
    'Si el email corresponde a un usuario registrado, recibirá un correo con las instrucciones para recuperar su contraseña.',
  recuperoInvalido: 'El enlace de recuperación no es válido o ya fue utilizado.',
  recuperoVencido: 'El enlace de recuperación venció. Solicite uno nuevo.',
  passwordCambiada: 'Su contraseña fue cambiada. Ya puede ingresar con la nueva contraseña.',
  perfilGuardado: 'Los datos del perfil fueron guardados.',
  passwordActualIncorrecta: 'La contraseña actual es incorrecta.',
  passwordActualObligatoria: 'Ingrese su contraseña actual para cambiarla.',
  cambioNoRequerido: 'Su usuario no tiene un cambio de clave pendiente.',
  sesionCreada: 'Se agregó la sesión.',
  sinEntidadesEnEmpresa: 'No tiene entidades relacionadas en la empresa indicada.',
  sesionInexistente: 'La empresa no se encuentra entre sus sesiones activas.',

  // Administration: users, module configuration, parameters (access.md §7–§8; decisions in docs/decisions/admin.md)
  errorGuardarModulos: 'Error al guardar los módulos para la empresa',
  errorCargarDatos: 'Error al cargar datos',
  // Shared by several areas (one source each): lists, share links, status filters, the generic failure.
  noHayMasRegistros: 'No hay más registros.',
  enlaceInvalido: 'El enlace no es válido.',
  estadoInvalido: 'El estado indicado no es válido.',
  /** The spec's generic failure text (ordering.md §8), spelling included. */
  errorGenerico: 'No se puedo realizar la operanción',
  soloAdministradores: 'Esta operación está reservada a los administradores de la empresa.',
  moduloNoHabilitado: 'El módulo no está habilitado para su usuario.',
  dispositivoInvalido: 'El dispositivo indicado no es válido: debe ser mobile o desktop.',
  usuarioAjeno: 'El usuario indicado no pertenece a su empresa.',
  usuarioEnUso: 'El nombre de usuario ya se encuentra en uso.',
  usuarioCorto: 'El usuario debe tener al menos 3 caracteres.',
  usuarioCaracteres: 'El usuario sólo admite letras minúsculas, números y los signos . _ - @ +',
  usuarioReservado: 'El nombre de usuario no está disponible.',
  perfilObligatorio: 'Seleccione al menos un perfil.',
  perfilInexistente: 'El perfil indicado no existe.',
  entidadInexistente: (codent: number) => `La entidad ${codent} no existe en la empresa.`,
  usuarioAlta: 'Se creó el usuario. Deberá cambiar la contraseña al ingresar.',
  usuarioGuardado: 'Se guardaron los datos del usuario.',
  usuarioEliminado: 'Se eliminó el usuario de la empresa.',
  eliminarPropio: 'No puede eliminar su propio usuario.',
  cuentaCompartida: 'El usuario también pertenece a otras empresas: sólo puede cambiar sus perfiles, entidades y opciones en esta empresa.',
  actuaComoPropio: 'Sólo puede elegir la entidad de su propio usuario.',
  entidadElegida: 'Se seleccionó la entidad.',
  actuaComoQuitado: 'Dejó de actuar como otra entidad.',
  busquedaCorta: 'Ingrese más de 3 caracteres para buscar.',
  busquedaSinCriterio: 'Indique el texto a buscar o el código de la entidad.',
  fechaInvalida: 'Ingrese una fecha válida (AAAA-MM-DD).',
  fechasInvertidas: 'La fecha desde no puede ser posterior a la fecha hasta.',
  moduloInexistente: (id: string) => `El módulo ${id} no existe.`,
  moduloRepetido: (id: string) => `El módulo ${id} figura más de una vez.`,
  moduloSinEmpresa: (name: string, device: string) => `El módulo ${name} no está habilitado para la empresa en ${device}.`,
  moduloFueraDeFechas: (name: string, desde: string, hasta: string) =>
    `Las fechas del módulo ${name} deben estar dentro de las habilitadas para la empresa (desde ${desde} hasta ${hasta}).`,
  modulosGuardados: 'Se guardaron los módulos.',
  modulosUsuariosExceden: (n: number) =>
    `Se guardaron los módulos. ${n === 1 ? 'Un usuario tiene' : `${n} usuarios tienen`} una configuración propia más amplia que la de la empresa: sólo verá${n === 1 ? '' : 'n'} lo que la empresa habilita.`,
  parametrosGuardados: 'Se guardaron los parámetros.',
  parametroInvalido: 'Los parámetros deben ser verdadero o falso.',
} as const;
