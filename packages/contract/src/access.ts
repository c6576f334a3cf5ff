import { z } from 'zod';
import { isValidCuit } from './cuit.js';
import { isArgentinePhone } from './phone.js';
import { msg } from './messages.js';
import { idSchema, queryBoolean } from './common.js';
import { passwordField, usernameField } from './login-fields.js';

// ── Field rules (access.md §5), shared by the forms and the server ────────────────────────────────────────────

// The login's two fields live in login-fields.ts (zod and the texts only): the login screen checks them without
// downloading this module's other rules (libphonenumber for the phone, the CUIT check).
export { passwordField, usernameField };
export const newPasswordField = z
  .string({ error: msg.passwordObligatoria })
  .min(1, msg.passwordObligatoria)
  .min(6, msg.minimoSeisRecupero)
  .max(200, msg.solicitudInvalida);
export const emailField = z
  .string({ error: msg.emailInvalido })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: msg.emailInvalido }).max(254, msg.emailInvalido));
export const mailField = z
  .string({ error: msg.mailObligatorio })
  .trim()
  .toLowerCase()
  .min(1, msg.mailObligatorio)
  .pipe(z.email({ error: msg.emailInvalido }).max(254, msg.emailInvalido));
export const nombreField = z.string({ error: msg.nombreObligatorio }).trim().min(1, msg.nombreObligatorio).max(80, msg.maximoOchenta);
export const apellidoField = z.string({ error: msg.apellidoObligatorio }).trim().min(1, msg.apellidoObligatorio).max(80, msg.maximoOchenta);
/** The mobile as typed: 10 digits. The browser sends it with +54 in front; both are accepted and stored as 10 digits. */
export const nrotelField = z
  .string({ error: msg.telefonoObligatorio })
  .trim()
  .transform((v) => v.replace(/^\+54/, ''))
  .pipe(
    z
      .string()
      .min(1, msg.telefonoObligatorio)
      .regex(/^\d+$/, msg.telefonoObligatorio)
      .length(10, msg.telefonoLongitud)
      // Parsed with libphonenumber-js: the area code must exist (2, 3 or 4 digits) and the number fit it.
      .refine(isArgentinePhone, msg.telefonoInvalido),
  );
export const codigoField = z.string({ error: msg.codigoLongitud }).trim().length(6, msg.codigoLongitud);
/** Company CUIT of a new session: required, digits only, 11 characters (in that order of messages). */
export const cuitField = z
  .string({ error: msg.cuitObligatorio })
  .min(1, msg.cuitObligatorio)
  .regex(/^\d+$/, msg.cuitSoloNumeros)
  .length(11, msg.cuitLongitud);
/** A person's or firm's own CUIT (registration): the same rules plus the verification digit. */
export const ownCuitField = cuitField.refine(isValidCuit, 'El CUIT ingresado no es válido.');

// ── OAuth (§7) ────────────────────────────────────────────────────────────────────────────────────────────────

const clientId = z.literal('master', { error: msg.clienteInvalido });
export const passwordGrant = z.object({
  client_id: clientId,
  grant_type: z.literal('password'),
  username: usernameField,
  password: passwordField,
});
export const refreshGrant = z.object({
  client_id: clientId,
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string({ error: msg.refreshInvalido }).min(1, msg.refreshInvalido).max(200, msg.refreshInvalido),
});
export const oauthRequest = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant], {
  error: msg.tipoConcesionInvalido,
});
export type OauthRequest = z.infer<typeof oauthRequest>;
export const oauthResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type OauthResponse = z.infer<typeof oauthResponse>;
export const revocationParams = z.object({ token: z.string().min(1).max(2000) });

// ── User data and menu ────────────────────────────────────────────────────────────────────────────────────────

export const dataQuery = z.object({
  mobile: queryBoolean.optional().default(false),
  /** The profile whose menu is wanted; the user's default profile when absent. */
  perfil: idSchema(msg.perfilSinAcceso).optional(),
});
export const perfil = z.object({ id: z.number().int(), cgi: z.string(), descripcion: z.string() });
export type Perfil = z.infer<typeof perfil>;
export type MenuItem = {
  id: string;
  nombre: string;
  icono: string;
  link: string | null;
  children?: MenuItem[];
};
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    nombre: z.string(),
    icono: z.string(),
    link: z.string().nullable(),
    children: z.array(menuItem).optional(),
  }),
);
export const usuario = z.object({
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  codemp: z.number().int(),
  codent: z.number().int().nullable(),
  change_password: z.boolean(),
  adminweb: z.boolean(),
  agrupactasctes: z.boolean(),
  ocultamonedas: z.array(z.string()),
  perfiles: z.array(perfil),
  perfile_default: z.number().int(),
  empresa: z.object({ cuit: z.string(), razonsocial: z.string() }),
  entidades: z.number().int(),
  /** An administrator's chosen entity to act as (PATCH /proxy/usuarios/{username}), by code; null otherwise. */
  actua_como: z.number().int().nullable(),
});
export type Usuario = z.infer<typeof usuario>;
export const dataResponse = z.object({ success: z.literal(true), usuario, menu: z.array(menuItem) });
export type DataResponse = z.infer<typeof dataResponse>;

/** Profile save (POST /data). An empty new password keeps the current one. */
export const profileSaveRequest = z
  .object({
    first_name: z.string({ error: msg.nombreVacio }).trim().min(1, msg.nombreVacio).max(80, msg.maximoOchenta),
    last_name: z.string({ error: msg.apellidoVacio }).trim().min(1, msg.apellidoVacio).max(80, msg.maximoOchenta),
    pass: z
      .string()
      .max(200)
      .optional()
      .default('')
      .refine((v) => v === '' || v.length >= 6, msg.minimoSeisPerfil),
    checkPass: z.string().max(200).optional().default(''),
    actPass: z.string().max(200).optional().default(''),
  })
  .refine((v) => v.pass === v.checkPass, { message: msg.contraseniasNoCoinciden, path: ['checkPass'] });
export type ProfileSaveRequest = z.input<typeof profileSaveRequest>;
/** The forced change (POST /proxy/data): the new password is always required. */
export const forcedChangeRequest = z
  .object({
    first_name: z.string().trim().max(80, msg.maximoOchenta).optional(),
    last_name: z.string().trim().max(80, msg.maximoOchenta).optional(),
    pass: z.string({ error: msg.minimoSeisPerfil }).min(6, msg.minimoSeisPerfil).max(200),
    checkPass: z.string({ error: msg.contraseniasNoCoinciden }).max(200),
    actPass: z.string().max(200).optional(),
  })
  .refine((v) => v.pass === v.checkPass, { message: msg.contraseniasNoCoinciden, path: ['checkPass'] });
export const profileSaveResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

// ── Company sessions and entities ─────────────────────────────────────────────────────────────────────────────

export const entidad = z.object({
  id: z.number().int(),
  codent: z.number().int(),
  codigo_entidad: z.number().int(),
  descri_entidad: z.string(),
  razsoc: z.string(),
  cuit_entidad: z.string(),
  vendedor_id: z.number().int().nullable(),
  activa: z.boolean(),
  numero_celular: z.string().nullable(),
});
export type Entidad = z.infer<typeof entidad>;
export const companySession = z.object({
  cuit: z.string(),
  razonsocial: z.string(),
  accesstoken: z.string(),
  url: z.string(),
  admin: z.boolean(),
  suspendido: z.boolean(),
  desktop: z.boolean(),
  mobile: z.boolean(),
  logo: z.string(),
});
export type CompanySession = z.infer<typeof companySession>;
export const sessionsResponse = z.object({ success: z.literal(true), sessions: z.array(companySession) });
export const newSessionRequest = z.object({ cuit: cuitField, cuitentidad: z.string().regex(/^\d{11}$/).optional() });
export const newSessionResponse = z.object({
  success: z.boolean(),
  entidades: z.array(entidad),
  empresacuit: z.string(),
  host: z.string(),
  msg: z.string(),
});
export const cuitQuery = z.object({ cuit: cuitField });
export const buscoEntidadResponse = z.object({ success: z.boolean(), entidades: z.array(entidad), msg: z.string() });

// ── Registration, SMS, recovery (/usuarios) ───────────────────────────────────────────────────────────────────

export const usuariosQuery = z.object({
  forgotPassword: queryBoolean.optional(),
  changePassword: queryBoolean.optional(),
  check: queryBoolean.optional(),
  verificationSMS: queryBoolean.optional(),
});
export const registerRequest = z.object({
  nombre: nombreField,
  apellido: apellidoField,
  email: emailField,
  password: z.string({ error: msg.passwordObligatoria }).min(1, msg.passwordObligatoria).min(6, msg.minimoSeisRecupero).max(200),
  nrotel: nrotelField,
  cuit: ownCuitField,
});
export type RegisterRequest = z.input<typeof registerRequest>;
export const registerResponse = z.object({
  success: z.boolean(),
  serviceid: z.string(),
  title: z.string(),
  msg: z.string(),
});
export const checkRequest = registerRequest.extend({
  codigo: codigoField,
  serviceid: z.string({ error: msg.registroInexistente }).uuid(msg.registroInexistente),
});
export const verificationSmsRequest = z.object({
  nrotel: nrotelField,
  serviceid: z.string().uuid(msg.registroInexistente).optional(),
});
export const forgotRequest = z.object({ mail: mailField });
export const changePasswordRequest = z
  .object({
    hash: z.string({ error: msg.recuperoInvalido }).min(20, msg.recuperoInvalido).max(200, msg.recuperoInvalido),
    pass: newPasswordField,
    checkPass: z.string({ error: msg.contraseniasNoCoinciden }).max(200),
  })
  .refine((v) => v.pass === v.checkPass, { message: msg.contraseniasNoCoinciden, path: ['checkPass'] });
export const usuariosResponse = z.object({ success: z.boolean(), title: z.string(), msg: z.string() });

/**
 * POST /usuarios answers five calls told apart by the query (one flag, none for the registration). Each call has
 * its own body schema here; the route parses the body with the schema of its call, and the route descriptor
 * carries their union for the API docs only.
 */
export const usuariosBodies = {
  register: registerRequest,
  check: checkRequest,
  verificationSMS: verificationSmsRequest,
  forgotPassword: forgotRequest,
  changePassword: changePasswordRequest,
} as const;
export type UsuariosCall = keyof typeof usuariosBodies;
/** The call a POST /usuarios query names, or null when it sets more than one flag (a 400). */
export function usuariosCallOf(query: z.output<typeof usuariosQuery>): UsuariosCall | null {
  const flags = (['check', 'verificationSMS', 'forgotPassword', 'changePassword'] as const).filter((f) => query[f]);
  if (flags.length > 1) return null;
  return flags[0] ?? 'register';
}

// ── Branding ─────────────────────────────────────────────────────────────────────────────────────────────────

export const whitelabelConfig = z.object({
  cuit: z.string().nullable(),
  title: z.string(),
  razonsocial: z.string(),
  logo: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string(), header: z.string(), headerText: z.string() }),
  news: z.object({ id: z.string(), title: z.string(), body: z.string() }).nullable(),
});
export type WhitelabelConfig = z.infer<typeof whitelabelConfig>;
export const whitelabelParams = z.object({ cuit: z.string().regex(/^\d{11}$/, msg.cuitLongitud) });
/** A company's web app manifest (web-manifest.ts): the portal's, with the company's name and colours. */
export const webManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  dir: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
});
export type WebManifest = z.infer<typeof webManifest>;
