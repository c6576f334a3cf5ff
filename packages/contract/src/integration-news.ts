import { z } from 'zod';
import { companyCuit, erpCode, integrationBatchMsg, rowOptionalText, rowText } from './integration.js';
import { PROFILE, type ProfileId } from './profiles.js';

/**
 * The news and banners an ERP loads (`novedades`, docs/integration.md): the dashboard's cards of the profiles each
 * names, keyed by the ERP's code. A text card shows its text; an html card its cleaned HTML; a banner joins the
 * carousel with its image, text and link.
 */

/** The profiles a card may be shown to, by the names an ERP developer reads (the portal's profile ids behind them). */
export const NEWS_PROFILES = {
  cliente: PROFILE.cliente,
  vendedor: PROFILE.vendedor,
  jefe_zona: PROFILE.jefeDeZona,
  repartidor: PROFILE.repartidor,
  deposito: PROFILE.deposito,
  autorizador: PROFILE.autorizador,
} as const satisfies Record<string, ProfileId>;
const PROFILE_NAMES = Object.keys(NEWS_PROFILES) as [keyof typeof NEWS_PROFILES, ...Array<keyof typeof NEWS_PROFILES>];

/** The kinds of card, as the row names them, and as dashboard_items keeps them. */
export const NEWS_KINDS = { texto: 'text', html: 'html', banner: 'banner' } as const;

export const integrationNewsMsg = {
  tipoInvalido: 'El tipo es texto, html o banner',
  perfilInvalido: `Los perfiles son ${PROFILE_NAMES.slice(0, -1).join(', ')} o ${PROFILE_NAMES[PROFILE_NAMES.length - 1]}`,
  perfilesVacios: 'Indique al menos un perfil que vea la novedad',
  perfilRepetido: 'El perfil está repetido en la lista',
  textoObligatorio: 'Una novedad de texto o html necesita su texto',
  imagenObligatoria: 'Un banner necesita su imagen',
  imagenInvalida: 'La imagen es una dirección https://… o una imagen data:image/(png|jpeg|gif|webp|svg+xml);base64,…',
  soloBannerImagen: 'Solo los banners llevan imagen, enlace y texto del enlace',
  linkInvalido: 'El enlace es una dirección http(s)://… o una sección del portal (letras, números, / y -; p. ej. pedidos)',
  linkTextoSinLink: 'El texto del enlace necesita el enlace',
  ordenInvalido: 'El orden es un número entero entre 0 y 9999',
} as const;

const IMAGE = /^(?:https:\/\/\S+|data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*)$/;
const LINK = /^(?:https?:\/\/\S+|[A-Za-z0-9][A-Za-z0-9/_-]*)$/;

/** One card of the dashboard, keyed by the ERP's code within the company. */
export const newsRow = z
  .object({
    cuit_empresa: companyCuit,
    codigo: erpCode,
    tipo: z.enum(['texto', 'html', 'banner'], { error: integrationNewsMsg.tipoInvalido }),
    /** The profiles whose dashboard shows it; default: the customers'. */
    perfiles: z
      .array(z.enum(PROFILE_NAMES, { error: integrationNewsMsg.perfilInvalido }), { error: integrationNewsMsg.perfilInvalido })
      .min(1, integrationNewsMsg.perfilesVacios)
      .max(PROFILE_NAMES.length, integrationNewsMsg.perfilRepetido)
      .default(['cliente']),
    titulo: rowText(200),
    /** The card's text (texto), its HTML (html, cleaned before it is shown) or the banner's caption. */
    texto: rowOptionalText(20_000),
    /** A banner's image: an https address or a data:image URL (within the row's 64 kB). */
    imagen: z
      .string({ error: integrationNewsMsg.imagenInvalida })
      .trim()
      .regex(IMAGE, integrationNewsMsg.imagenInvalida)
      .max(60_000, integrationNewsMsg.imagenInvalida)
      .nullish()
      .transform((v) => v ?? null),
    /** A banner's link: http(s) opens a new window; a section of the portal ("pedidos") opens under the profile. */
    link: z
      .string({ error: integrationNewsMsg.linkInvalido })
      .trim()
      .max(500, integrationBatchMsg.textoLargo(500))
      .regex(LINK, integrationNewsMsg.linkInvalido)
      .nullish()
      .transform((v) => v ?? null),
    link_texto: rowOptionalText(60),
    /** Smaller first; equal orders keep the order they were loaded in. */
    orden: z.number({ error: integrationNewsMsg.ordenInvalido }).int(integrationNewsMsg.ordenInvalido).min(0, integrationNewsMsg.ordenInvalido).max(9999, integrationNewsMsg.ordenInvalido).default(0),
    /** An inactive card is kept but not shown (a seasonal banner, for later). */
    activo: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(true),
  })
  .superRefine((row, ctx) => {
    if (new Set(row.perfiles).size !== row.perfiles.length) ctx.addIssue({ code: 'custom', path: ['perfiles'], message: integrationNewsMsg.perfilRepetido });
    if (row.tipo === 'banner') {
      if (row.imagen === null) ctx.addIssue({ code: 'custom', path: ['imagen'], message: integrationNewsMsg.imagenObligatoria });
    } else {
      if (row.texto === null) ctx.addIssue({ code: 'custom', path: ['texto'], message: integrationNewsMsg.textoObligatorio });
      for (const f of ['imagen', 'link', 'link_texto'] as const) if (row[f] !== null) ctx.addIssue({ code: 'custom', path: [f], message: integrationNewsMsg.soloBannerImagen });
    }
    if (row.link_texto !== null && row.link === null) ctx.addIssue({ code: 'custom', path: ['link_texto'], message: integrationNewsMsg.linkTextoSinLink });
  });
export type NewsRow = z.output<typeof newsRow>;

export const NEWS_ROW_EXAMPLE = {
  codigo: 31,
  tipo: 'banner',
  perfiles: ['cliente', 'vendedor'],
  titulo: 'Campaña de fertilización',
  texto: 'Urea y fosfato monoamónico con 10% de descuento hasta el 15 de diciembre',
  imagen: 'https://www.cooperativa.com.ar/banners/fertilizacion.jpg',
  link: 'pedidos',
  link_texto: 'Hacer un pedido',
  orden: 1,
};
