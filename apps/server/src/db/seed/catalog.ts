import type { DB } from '../database.js';
import type { FacetKind } from '../schema.js';
import { bulkInsert } from './bulk.js';
import { Random } from './random.js';
import type { DemoSize } from './demo-size.js';

/**
 * The catalogue of an agro-input distributor: seeds, fertilisers, agrochemicals, rural hardware, fuel and
 * lubricants, animal health. Every facet of ordering.md §3 is filled; products carry images (SVG drawn here and
 * stored in product_images), EAN-13 barcodes, stock, novelties and promotions; each company has a general price
 * list (La Pampa also a wholesale one) with discounts and a min/max band per product.
 */
const PRODUCTS: Record<DemoSize, { laPampa: number; other: number }> = {
  small: { laPampa: 140, other: 40 },
  demo: { laPampa: 1_500, other: 300 },
  large: { laPampa: 200_000, other: 2_000 },
};

type Presentation = readonly [salesUnit: string, unit: string, factor: number];
type Sub = {
  name: string;
  subrubro: string;
  items: readonly string[];
  presentations: readonly Presentation[];
  price: readonly [number, number];
  shape: 'bag' | 'drum' | 'roll' | 'tool' | 'fuel' | 'vial';
  vat: 10.5 | 21;
};
type Family = { name: string; unegocio: string; rubro: string; prefix: string; brands: readonly string[]; subs: readonly Sub[] };

const BAG40: Presentation = ['Bolsa x 40 kg', 'kg', 40];
const FAMILIES: readonly Family[] = [
  {
    name: 'Semillas', unegocio: 'Semillas', rubro: 'Semillas', prefix: 'SEM', brands: ['Pampa Genética', 'Surco Semillas', 'Criadero del Oeste'],
    subs: [
      { name: 'Maíz', subrubro: 'Maíz híbrido', items: ['Maíz híbrido {M} VT3P', 'Maíz híbrido {M} RR2', 'Maíz flint {M}'], presentations: [['Bolsa x 80.000 semillas', 'semillas', 80_000]], price: [210_000, 340_000], shape: 'bag', vat: 10.5 },
      { name: 'Soja', subrubro: 'Soja', items: ['Soja {M} STS', 'Soja {M} IPRO', 'Soja {M} RR1'], presentations: [BAG40], price: [52_000, 98_000], shape: 'bag', vat: 10.5 },
      { name: 'Trigo', subrubro: 'Trigo pan', items: ['Trigo pan {M}', 'Trigo candeal {M}'], presentations: [BAG40], price: [34_000, 61_000], shape: 'bag', vat: 10.5 },
      { name: 'Girasol', subrubro: 'Girasol', items: ['Girasol alto oleico {M}', 'Girasol CL {M}'], presentations: [['Bolsa x 150.000 semillas', 'semillas', 150_000]], price: [280_000, 420_000], shape: 'bag', vat: 10.5 },
      { name: 'Sorgo y cebada', subrubro: 'Forrajeras', items: ['Sorgo granífero {M}', 'Cebada cervecera {M}', 'Avena forrajera {M}'], presentations: [['Bolsa x 20 kg', 'kg', 20], BAG40], price: [21_000, 48_000], shape: 'bag', vat: 10.5 },
    ],
  },
  {
    name: 'Fertilizantes', unegocio: 'Agroinsumos', rubro: 'Nutrición de cultivos', prefix: 'FER', brands: ['NutriSur', 'Campo Fértil'],
    subs: [
      { name: 'Nitrogenados', subrubro: 'Nitrógeno', items: ['Urea granulada 46-0-0', 'UAN 32 líquido', 'Nitrato de amonio calcáreo'], presentations: [['Bolsa x 50 kg', 'kg', 50], ['Big bag x 1.000 kg', 'kg', 1_000]], price: [38_000, 640_000], shape: 'bag', vat: 10.5 },
      { name: 'Fosforados', subrubro: 'Fósforo', items: ['Fosfato diamónico 18-46-0', 'Fosfato monoamónico 11-52-0', 'Superfosfato triple 0-46-0'], presentations: [['Bolsa x 50 kg', 'kg', 50], ['Big bag x 1.000 kg', 'kg', 1_000]], price: [52_000, 910_000], shape: 'bag', vat: 10.5 },
      { name: 'Azufrados', subrubro: 'Azufre y calcio', items: ['Yeso agrícola (sulfato de calcio)', 'Mezcla NPS 12-40-0-5S'], presentations: [['Bolsa x 50 kg', 'kg', 50]], price: [18_000, 46_000], shape: 'bag', vat: 10.5 },
    ],
  },
  {
    name: 'Agroquímicos', unegocio: 'Agroinsumos', rubro: 'Protección de cultivos', prefix: 'AGQ', brands: ['Protecta', 'Agro del Plata', 'Química Pampeana'],
    subs: [
      { name: 'Herbicidas', subrubro: 'Herbicidas', items: ['Glifosato 66,2 %', 'Atrazina 90 %', '2,4-D éster 97 %', 'Dicamba 57,7 %', 'S-metolacloro 96 %', 'Imazetapir 10 %'], presentations: [['Bidón x 20 L', 'L', 20], ['Bidón x 5 L', 'L', 5]], price: [24_000, 260_000], shape: 'drum', vat: 21 },
      { name: 'Insecticidas', subrubro: 'Insecticidas', items: ['Clorpirifós 48 %', 'Lambdacialotrina 5 %', 'Imidacloprid 35 %', 'Bifentrin 10 %'], presentations: [['Bidón x 5 L', 'L', 5], ['Bidón x 1 L', 'L', 1]], price: [12_000, 150_000], shape: 'drum', vat: 21 },
      { name: 'Fungicidas', subrubro: 'Fungicidas', items: ['Azoxistrobina + ciproconazole', 'Tebuconazole 43 %', 'Carbendazim 50 %'], presentations: [['Bidón x 5 L', 'L', 5]], price: [60_000, 210_000], shape: 'drum', vat: 21 },
      { name: 'Coadyuvantes', subrubro: 'Coadyuvantes', items: ['Aceite metilado de soja', 'Tensioactivo siliconado', 'Corrector de pH y dureza'], presentations: [['Bidón x 20 L', 'L', 20]], price: [35_000, 120_000], shape: 'drum', vat: 21 },
    ],
  },
  {
    name: 'Ferretería rural', unegocio: 'Ferretería y corralón', rubro: 'Alambrados y herramientas', prefix: 'FRT', brands: ['Alambres del Centro', 'Ferro Rural'],
    subs: [
      { name: 'Alambrados', subrubro: 'Alambres', items: ['Alambre liso ovalado 17/15', 'Alambre de púas galvanizado', 'Alambre boyero 1,6 mm'], presentations: [['Rollo x 1.000 m', 'm', 1_000], ['Rollo x 500 m', 'm', 500]], price: [65_000, 190_000], shape: 'roll', vat: 21 },
      { name: 'Postes y tranqueras', subrubro: 'Postes', items: ['Poste de quebracho 2,20 m', 'Tranquera de hierro 4 m', 'Varillón de eucalipto'], presentations: [['Unidad', 'u', 1]], price: [9_000, 240_000], shape: 'tool', vat: 21 },
      { name: 'Herramientas', subrubro: 'Herramientas de mano', items: ['Pala ancha mango largo', 'Tenaza alambradora', 'Carretilla reforzada', 'Llave francesa 12"'], presentations: [['Unidad', 'u', 1]], price: [8_000, 95_000], shape: 'tool', vat: 21 },
    ],
  },
  {
    name: 'Combustibles y lubricantes', unegocio: 'Combustibles y lubricantes', rubro: 'Combustibles', prefix: 'CMB', brands: ['Energía Pampeana'],
    subs: [
      { name: 'Gasoil', subrubro: 'Gasoil', items: ['Gasoil grado 2', 'Gasoil grado 3 premium'], presentations: [['Litro', 'L', 1]], price: [1_250, 1_650], shape: 'fuel', vat: 21 },
      { name: 'Lubricantes', subrubro: 'Aceites', items: ['Aceite motor 15W40', 'Aceite hidráulico ISO 68', 'Grasa de litio EP2'], presentations: [['Balde x 20 L', 'L', 20], ['Tambor x 205 L', 'L', 205]], price: [70_000, 890_000], shape: 'drum', vat: 21 },
    ],
  },
  {
    name: 'Sanidad animal', unegocio: 'Sanidad animal', rubro: 'Veterinaria', prefix: 'VET', brands: ['VetCampo', 'Biológicos del Sur'],
    subs: [
      { name: 'Antiparasitarios', subrubro: 'Endectocidas', items: ['Ivermectina 1 %', 'Doramectina 1,1 %', 'Levamisol 22 %'], presentations: [['Frasco x 500 ml', 'ml', 500]], price: [28_000, 95_000], shape: 'vial', vat: 21 },
      { name: 'Vacunas', subrubro: 'Biológicos', items: ['Vacuna clostridial polivalente', 'Vacuna reproductiva bovina'], presentations: [['Frasco x 50 dosis', 'dosis', 50]], price: [22_000, 70_000], shape: 'vial', vat: 21 },
    ],
  },
];
const LINES = ['Línea Profesional', 'Línea Campo', 'Línea Económica', 'Línea Premium'];
const LOCATIONS = ['Depósito A', 'Depósito B', 'Galpón de fertilizantes', 'Playa de tanques', 'Salón de ventas'];

/** The VAT rate of a subfamily: seeds and fertilisers 10.5 %, everything else 21 %. */
export const VAT_BY_SUBFAMILY = new Map(FAMILIES.flatMap((f) => f.subs.map((s) => [s.name, s.vat] as const)));

export type CatalogSample = { id: number; code: number; alphaCode: string; name: string; salesUnit: string; price: number; vat: 10.5 | 21 };

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const BRAND_COLORS = ['#2E7D32', '#1565C0', '#EF6C00', '#6A1B9A', '#C62828', '#00838F', '#5D4037', '#F9A825'];

/** A product picture: its package drawn in the brand's colour with the subfamily and brand on the label. */
export function productSvg(shape: Sub['shape'], title: string, brand: string, color: string, detail = false): string {
  const label = `<text x="200" y="205" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
<text x="200" y="238" font-family="Helvetica, Arial, sans-serif" font-size="17" fill="#fff" text-anchor="middle" opacity="0.92">${escapeXml(brand)}</text>`;
  const shapes: Record<Sub['shape'], string> = {
    bag: `<path d="M110 70 Q200 50 290 70 L305 340 Q200 365 95 340 Z" fill="${color}"/><path d="M110 70 Q200 90 290 70" stroke="#00000033" stroke-width="6" fill="none"/><rect x="130" y="165" width="140" height="95" rx="10" fill="#ffffff22"/>`,
    drum: `<rect x="115" y="95" width="170" height="250" rx="26" fill="${color}"/><rect x="230" y="60" width="42" height="44" rx="8" fill="#37474F"/><rect x="130" y="160" width="140" height="100" rx="10" fill="#ffffff22"/>`,
    roll: `<circle cx="200" cy="210" r="125" fill="${color}"/><circle cx="200" cy="210" r="100" fill="none" stroke="#ffffff55" stroke-width="4"/><circle cx="200" cy="210" r="72" fill="none" stroke="#ffffff55" stroke-width="4"/><circle cx="200" cy="210" r="34" fill="#ECEFF1"/>`,
    tool: `<rect x="80" y="150" width="240" height="130" rx="18" fill="${color}"/><rect x="185" y="60" width="30" height="100" rx="8" fill="#8D6E63"/>`,
    fuel: `<path d="M200 60 C260 150 300 200 300 250 A100 100 0 0 1 100 250 C100 200 140 150 200 60 Z" fill="${color}"/>`,
    vial: `<rect x="140" y="110" width="120" height="230" rx="20" fill="${color}"/><rect x="165" y="70" width="70" height="45" rx="6" fill="#90A4AE"/><rect x="150" y="165" width="100" height="95" rx="8" fill="#ffffff22"/>`,
  };
  const back = detail
    ? `<rect width="400" height="400" fill="#FAFAF5"/><g opacity="0.15">${shapes[shape]}</g><text x="200" y="120" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#37474F" text-anchor="middle">Ficha técnica</text><text x="200" y="200" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#263238" text-anchor="middle">${escapeXml(title)}</text><text x="200" y="240" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#455A64" text-anchor="middle">${escapeXml(brand)}</text>`
    : `<rect width="400" height="400" fill="#F4F6F0"/><ellipse cx="200" cy="360" rx="130" ry="16" fill="#00000014"/>${shapes[shape]}${label}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${back}</svg>`;
}

/** EAN-13 with the Argentine prefix 779. */
export function ean13(companyCode: number, productCode: number): string {
  const body = `779${String(companyCode).padStart(3, '0')}${String(productCode % 1_000_000).padStart(6, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Seeds facets, images, products and price lists for every company. Returns, per company, a sample of products
 * with their general-list final price, which the ledgers use to write invoice and order lines.
 */
export async function seedCatalog(trx: DB, size: DemoSize): Promise<Map<number, CatalogSample[]>> {
  const rnd = new Random(4_2026);
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  const samples = new Map<number, CatalogSample[]>();

  for (const [ci, company] of companies.entries()) {
    const laPampa = company.cuit === '30712345671';
    const target = laPampa ? PRODUCTS[size].laPampa : PRODUCTS[size].other;

    // Facets: one row per distinct name and kind.
    const facetIds = new Map<string, number>();
    const facetRows: { company_id: number; kind: FacetKind; code: number; name: string }[] = [];
    const addFacet = (kind: FacetKind, name: string) => {
      const key = `${kind}|${name}`;
      if (!facetIds.has(key)) {
        facetIds.set(key, -1);
        facetRows.push({ company_id: company.id, kind, code: facetRows.filter((r) => r.kind === kind).length + 1, name });
      }
    };
    for (const f of FAMILIES) {
      addFacet('unegocio', f.unegocio);
      addFacet('familia', f.name);
      addFacet('rubro', f.rubro);
      for (const b of f.brands) addFacet('marca', b);
      for (const s of f.subs) {
        addFacet('subfamilia', s.name);
        addFacet('subrubro', s.subrubro);
        for (const p of s.presentations) addFacet('presentacion', p[0]);
      }
    }
    for (const l of LINES) addFacet('linea', l);
    const inserted = await trx.insertInto('product_facets').values(facetRows).returning(['id', 'kind', 'name']).execute();
    for (const r of inserted) facetIds.set(`${r.kind}|${r.name}`, r.id);
    const facet = (kind: FacetKind, name: string) => facetIds.get(`${kind}|${name}`)!;

    // Images: the package of each subfamily in each brand's colour, plus a data sheet per subfamily.
    const images: { company_id: number; file_name: string; content_type: string; data: string }[] = [];
    for (const f of FAMILIES) {
      for (const s of f.subs) {
        for (const [bi, b] of f.brands.entries()) {
          const svg = productSvg(s.shape, s.name, b, BRAND_COLORS[(bi * 3 + f.name.length) % BRAND_COLORS.length]!);
          images.push({ company_id: company.id, file_name: `${slug(s.name)}-${slug(b)}.svg`, content_type: 'image/svg+xml', data: svg });
        }
        images.push({ company_id: company.id, file_name: `${slug(s.name)}-ficha.svg`, content_type: 'image/svg+xml', data: productSvg(s.shape, s.name, f.name, '#607D8B', true) });
      }
    }
    for (const img of images) {
      await trx.insertInto('product_images').values({ ...img, data: Buffer.from(img.data, 'utf8') }).execute();
    }

    // Products: walk families, subfamilies, items, brands and presentations round-robin until the target.
    const combos: { f: Family; s: Sub; item: string; brand: string; pres: Presentation }[] = [];
    for (const f of FAMILIES) for (const s of f.subs) for (const item of s.items) for (const brand of f.brands) for (const pres of s.presentations) combos.push({ f, s, item, brand, pres });
    type ProductRow = Record<string, unknown> & { code: number; price: number; d1: number; d2: number; vat: 10.5 | 21; name: string; alpha_code: string; sales_unit: string };
    const products: ProductRow[] = [];
    for (let i = 0; i < target; i++) {
      const c = combos[i % combos.length]!;
      const round = Math.floor(i / combos.length);
      const code = 10_000 + i;
      const model = `${c.brand.split(' ').map((w) => w[0]).join('')} ${String(3_000 + ((i * 37) % 7_000)).padStart(4, '0')}`;
      const base = c.item.includes('{M}') ? c.item.replace('{M}', model) : round === 0 ? c.item : `${c.item} (${model})`;
      const name = `${base} ${c.brand}`;
      const [min, max] = c.s.price;
      const price = round2(min + rnd.next() * (max - min));
      const promo = rnd.chance(0.08);
      products.push({
        company_id: company.id, code, alpha_code: `${c.f.prefix}-${String(code).padStart(6, '0')}`, name,
        description: `${base}, marca ${c.brand}. Presentación: ${c.pres[0]}. ${c.f.rubro} — ${c.s.subrubro}.`,
        sales_unit: c.pres[0], unit: c.pres[1], sales_factor: c.pres[2],
        business_unit_id: facet('unegocio', c.f.unegocio), family_id: facet('familia', c.f.name), subfamily_id: facet('subfamilia', c.s.name),
        presentation_id: facet('presentacion', c.pres[0]), category_id: facet('rubro', c.f.rubro), subcategory_id: facet('subrubro', c.s.subrubro),
        line_id: facet('linea', LINES[(i + round) % LINES.length]!), brand_id: facet('marca', c.brand),
        is_new: rnd.chance(0.07), is_promotion: promo,
        images: JSON.stringify([`${slug(c.s.name)}-${slug(c.brand)}.svg`, `${slug(c.s.name)}-ficha.svg`]),
        stock: rnd.chance(0.75) ? rnd.int(0, 400) * (c.pres[2] >= 1_000 ? 1 : 5) : null,
        location: `${rnd.pick(LOCATIONS)} — estante ${rnd.int(1, 24)}`,
        delivery_days: rnd.pick([0, 1, 2, 2, 3, 5]),
        barcode: ean13(ci + 1, code),
        price, d1: promo ? rnd.pick([10, 15, 20]) : rnd.pick([0, 0, 0, 5, 10]), d2: rnd.pick([0, 0, 0, 0, 3, 5]), vat: c.s.vat,
      });
    }
    await bulkInsert(trx, 'products', {
      company_id: 'integer', code: 'integer', alpha_code: 'text', name: 'text', description: 'text', sales_unit: 'text', unit: 'text',
      sales_factor: 'numeric', business_unit_id: 'integer', family_id: 'integer', subfamily_id: 'integer', presentation_id: 'integer',
      category_id: 'integer', subcategory_id: 'integer', line_id: 'integer', brand_id: 'integer', is_new: 'boolean', is_promotion: 'boolean',
      images: 'jsonb', stock: 'numeric', location: 'text', delivery_days: 'integer', barcode: 'text',
    }, products.map((p) => ({ ...p, images: JSON.parse(p.images as string) as string[] })));
    const ids = await trx.selectFrom('products').select(['id', 'code']).where('company_id', '=', company.id).execute();
    const idByCode = new Map(ids.map((r) => [r.code, r.id]));

    // Price lists: the general one (default) and, in La Pampa, a wholesale list 6 % below it.
    const lists = [{ code: 1, name: 'Lista general', is_default: true, factor: 1 }];
    if (laPampa) lists.push({ code: 2, name: 'Lista mayoristas', is_default: false, factor: 0.94 });
    for (const l of lists) {
      const { id: listId } = await trx
        .insertInto('price_lists')
        .values({ company_id: company.id, code: l.code, name: l.name, is_default: l.is_default })
        .returning('id')
        .executeTakeFirstOrThrow();
      await bulkInsert(trx, 'price_list_items', {
        price_list_id: 'integer', product_id: 'integer', company_id: 'integer', list_price: 'numeric', discount1: 'numeric', discount2: 'numeric',
        min_price: 'numeric', max_price: 'numeric',
      }, products.map((p) => {
        const list = round2(p.price * l.factor);
        const final = round2(list * (1 - p.d1 / 100) * (1 - p.d2 / 100));
        return {
          price_list_id: listId, product_id: idByCode.get(p.code), company_id: company.id, list_price: list.toFixed(2),
          discount1: p.d1.toFixed(2), discount2: p.d2.toFixed(2), min_price: round2(final * 0.92).toFixed(2), max_price: round2(final * 1.1).toFixed(2),
        };
      }));
      if (!l.is_default) {
        // Pérez Hnos. and about a fifth of the generated customers buy at wholesale prices.
        await trx
          .updateTable('entities')
          .set({ price_list_id: listId })
          .where('company_id', '=', company.id)
          .where((eb) => eb.or([eb('code', '=', 1002), eb.and([eb('code', '>=', 2000), eb(eb.ref('code'), '<', 2000 + 10_000)])]))
          .where((eb) => eb.or([eb('code', '=', 1002), eb(eb.fn('mod', [eb.ref('code'), eb.lit(5)]), '=', 0)]))
          .execute();
      }
    }

    samples.set(
      company.id,
      products.slice(0, Math.min(products.length, 400)).map((p) => ({
        id: idByCode.get(p.code)!, code: p.code, alphaCode: p.alpha_code, name: p.name, salesUnit: p.sales_unit,
        price: round2(p.price * (1 - p.d1 / 100) * (1 - p.d2 / 100)), vat: p.vat,
      })),
    );
  }
  return samples;
}
