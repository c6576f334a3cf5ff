import { z } from 'zod';
import { msg } from './messages.js';
import { idSchema } from './common.js';
import type { RouteDef } from './routes.js';

/** GET /proxy/cgi/etenet_dashboard (access.md §7): porlets, etenet_fichares.items and entidades. */
export const dashboardQuery = z.object({
  /** Only the porlets of one group: resumen, graficos, granos, novedades. */
  grupo: z.enum(['resumen', 'graficos', 'granos', 'novedades'], { error: 'El grupo indicado no existe.' }).optional(),
  /** The profile whose dashboard is wanted; the user's default profile when absent. */
  perfil: idSchema(msg.perfilSinAcceso).optional(),
  /** Seller and zone filters of the staff dashboards (seller code, zone code). */
  vendedor: idSchema('El vendedor indicado no es válido.').optional(),
  zona: idSchema('La zona indicada no es válida.').optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

const resumenItem = z.object({
  id: z.string(),
  label: z.string(),
  valor: z.number(),
  valor_con_formato: z.string(),
  detalle: z.string().nullable(),
  tono: z.enum(['normal', 'alerta', 'positivo']),
});
const barra = z.object({ label: z.string(), nombre: z.string(), valor: z.number(), valor_con_formato: z.string() });
const banner = z.object({ imagen: z.string(), titulo: z.string(), texto: z.string(), link: z.string().nullable(), link_texto: z.string().nullable() });

export const porlet = z.discriminatedUnion('tipo', [
  z.object({ id: z.string(), grupo: z.literal('novedades'), tipo: z.literal('texto'), titulo: z.string(), texto: z.string() }),
  z.object({ id: z.string(), grupo: z.literal('novedades'), tipo: z.literal('html'), titulo: z.string(), html: z.string() }),
  z.object({ id: z.string(), grupo: z.literal('novedades'), tipo: z.literal('banners'), items: z.array(banner) }),
  z.object({ id: z.string(), grupo: z.literal('resumen'), tipo: z.literal('resumen'), titulo: z.string(), items: z.array(resumenItem) }),
  z.object({
    id: z.string(),
    grupo: z.literal('graficos'),
    tipo: z.literal('barras'),
    titulo: z.string(),
    /** Clicking a bar goes to /{profile}/{link}/{label}; null when the chart leads nowhere. */
    link: z.string().nullable(),
    unidad: z.enum(['moneda', 'kilos', 'cantidad']),
    orientacion: z.enum(['vertical', 'horizontal']),
    serie: z.array(barra),
  }),
  z.object({
    id: z.string(),
    grupo: z.literal('resumen'),
    tipo: z.literal('tabla'),
    titulo: z.string(),
    columnas: z.array(z.object({ key: z.string(), titulo: z.string(), alineacion: z.enum(['izquierda', 'derecha']) })),
    filas: z.array(z.record(z.string(), z.string())),
    vacio: z.string(),
  }),
]);
export type Porlet = z.infer<typeof porlet>;

/** 'Posición global de granos' (statements.md §3): kilos1..kilos7 are Romaneo, Certif., Transf., 1116BC, Parcial, Retiro, Contrato. */
export const grainPositionRow = z.object({
  descer: z.string(),
  cereal: z.string(),
  cosecha: z.string(),
  kilos1: z.number(),
  kilos2: z.number(),
  kilos3: z.number(),
  kilos4: z.number(),
  kilos5: z.number(),
  kilos6: z.number(),
  kilos7: z.number(),
  kilstk: z.number(),
});
export type GrainPositionRow = z.infer<typeof grainPositionRow>;

export const dashboardResponse = z.object({
  success: z.literal(true),
  perfil: z.number().int(),
  porlets: z.array(porlet),
  etenet_fichares: z.object({ items: z.array(grainPositionRow) }),
  entidades: z.array(z.object({ id: z.number().int(), descripcion: z.string() })),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const dashboardRoutes = {
  dashboard: {
    method: 'GET',
    url: '/proxy/cgi/etenet_dashboard',
    tag: 'dashboard',
    access: 'entity',
    module: 'dashboard',
    summary: 'Tablero del perfil: tarjetas, gráficos, novedades y posición global de granos, calculados de los movimientos',
    query: dashboardQuery,
    response: dashboardResponse,
  },
} satisfies Record<string, RouteDef>;
