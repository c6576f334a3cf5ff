import { buildCuit } from '@portal/contract';
import type { DB } from '../database.js';
import { sql, type Insertable } from 'kysely';
import type { EntitiesTable } from '../schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { logoSvg } from '../../lib/logo.js';
import { Random } from './random.js';
import { ADMIN_PASSWORD, COMPANIES, DEMO_PASSWORD, ENTITY_CODES, SELF_SIGNUP_CUSTOMER } from './identities.js';
import { FIRM_KINDS, FIRM_NAMES, FIRST_NAMES, LAST_NAMES, LOCALITIES } from './names.js';
import { seedAdmin } from './admin.js';
import { seedStatementData } from './statements.js';
import { seedDashboardData, seedDashboardItems } from './dashboard.js';
import { bulkInsert } from './bulk.js';
import { seedCatalog } from './catalog.js';
import { seedOrderingData } from './ordering.js';
import { seedWarehouse } from './warehouse.js';
import { seedField } from './field.js';
import { seedReceiptsData } from './receipts.js';
import { seedContracts } from './contracts.js';
import { seedStockPositions } from './stock-positions.js';
import type { DemoSize } from './demo-size.js';


/** Generated customers per company and size (demo-tenant.md: `large` has 5,000 entities). */
const CUSTOMERS: Record<DemoSize, { laPampa: number; delSur: number; suspendida: number }> = {
  small: { laPampa: 60, delSur: 20, suspendida: 5 },
  demo: { laPampa: 600, delSur: 150, suspendida: 20 },
  large: { laPampa: 4_500, delSur: 480, suspendida: 20 },
};

export async function isSeeded(db: DB): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

type CompanyKey = keyof typeof COMPANIES;

function generatedCustomers(rnd: Random, companyId: number, count: number, firstCode: number): Insertable<EntitiesTable>[] {
  const rows: Insertable<EntitiesTable>[] = [];
  for (let i = 0; i < count; i++) {
    const [locality, province, area] = rnd.pick(LOCALITIES);
    const firm = rnd.chance(0.35);
    const last = rnd.pick(LAST_NAMES);
    const name = firm ? `${rnd.pick(FIRM_NAMES)} ${rnd.pick(FIRM_KINDS)}` : `${last}, ${rnd.pick(FIRST_NAMES)}`;
    const cuit = firm ? buildCuit('30', 50_000_000 + companyId * 1_000_000 + i) : buildCuit(rnd.chance(0.5) ? '20' : '27', 14_000_000 + companyId * 1_000_000 + i * 7);
    const phone = `${area}${String(rnd.int(4_000_000, 5_999_999)).padStart(10 - area.length, '4').slice(-(10 - area.length))}`;
    rows.push({
      company_id: companyId,
      code: firstCode + i,
      name,
      description: firm ? null : `${name} — ${locality}`,
      cuit,
      seller_id: rnd.int(1, 8),
      active: !rnd.chance(0.04),
      phone,
      email: null,
      locality,
      province,
    });
  }
  return rows;
}

async function insertChunked(db: DB, rows: Insertable<EntitiesTable>[]) {
  await bulkInsert(db, 'entities', {
    company_id: 'integer', code: 'integer', name: 'text', description: 'text', cuit: 'text', seller_id: 'integer', active: 'boolean',
    phone: 'text', email: 'text', locality: 'text', province: 'text',
  }, rows.map((r) => ({ ...r, active: r.active ?? true })));
}

/**
 * After a first seed (a bulk load): VACUUM (ANALYZE) the whole database, as PostgreSQL's manual advises after
 * populating a database. ANALYZE gives the planner the new tables' statistics; VACUUM sets the visibility map, so
 * index-only scans read no heap pages. Autovacuum would do both later on a server that runs it (this machine's
 * PostgreSQL has it off), and the first minutes after a seed are when the benchmarks and the demo are used.
 * The test helpers' small seeds do not call it: their databases live for one test file.
 */
export async function settleAfterBulkLoad(db: DB): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}

/** Seeds the demo tenant of ../shared/demo-tenant.md in one transaction. Deterministic for a given size. */
export async function seedDemo(db: DB, size: DemoSize): Promise<void> {
  const rnd = new Random(20261121);
  const [demoHash, adminHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(ADMIN_PASSWORD)]);

  await db.transaction().execute(async (trx) => {
    const companyIds = {} as Record<CompanyKey, number>;
    for (const [key, c] of Object.entries(COMPANIES) as [CompanyKey, (typeof COMPANIES)[CompanyKey]][]) {
      const row = await trx
        .insertInto('companies')
        .values({
          cuit: c.cuit,
          code: 1,
          name: c.name,
          address: c.fiscal.address,
          gross_income: c.fiscal.grossIncome,
          activity_start: c.fiscal.activityStart,
          branding: JSON.stringify({
            title: c.title,
            shortName: c.shortName,
            logoSvg: logoSvg(c.initials, c.colors.primary, c.colors.secondary),
            colors: c.colors,
            news: c.news,
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds[key] = row.id;
    }
    const lp = companyIds.laPampa;
    const ds = companyIds.delSur;
    const su = companyIds.suspendida;

    const fixed: Insertable<EntitiesTable>[] = [
      { company_id: lp, code: ENTITY_CODES.casaCentral, name: COMPANIES.laPampa.name, description: 'Casa central — Santa Rosa', cuit: COMPANIES.laPampa.cuit, seller_id: null, phone: '2954410000', locality: 'Santa Rosa', province: 'La Pampa' },
      { company_id: lp, code: ENTITY_CODES.juanPerez, name: 'Pérez, Juan', description: 'Juan Pérez', cuit: '20123456786', seller_id: 1, phone: '2954123456', locality: 'Santa Rosa', province: 'La Pampa' },
      { company_id: lp, code: ENTITY_CODES.perezHnos, name: 'Pérez Hnos. S.H.', description: 'Pérez Hnos. S.H.', cuit: '30680001118', seller_id: 1, phone: '2954123456', locality: 'Toay', province: 'La Pampa' },
      { company_id: lp, code: ENTITY_CODES.perezInactiva, name: 'Pérez, Juan — Campo El Caldén', description: 'Campo El Caldén (dado de baja)', cuit: '20123456786', seller_id: 1, active: false, phone: '2954123456', locality: 'Anguil', province: 'La Pampa' },
      { company_id: lp, code: ENTITY_CODES.lauraMartinez, name: 'Martínez, Laura', description: 'Laura Martínez', cuit: '27301112225', seller_id: 2, phone: '2302456789', locality: 'General Pico', province: 'La Pampa' },
      { company_id: lp, code: ENTITY_CODES.mariaGomez, name: SELF_SIGNUP_CUSTOMER.name, description: 'María Fernanda Gómez', cuit: SELF_SIGNUP_CUSTOMER.cuit, seller_id: 3, phone: SELF_SIGNUP_CUSTOMER.phone, locality: 'Eduardo Castex', province: 'La Pampa' },
      { company_id: ds, code: 1, name: COMPANIES.delSur.name, description: 'Administración — Bahía Blanca', cuit: COMPANIES.delSur.cuit, seller_id: null, phone: '2914550000', locality: 'Bahía Blanca', province: 'Buenos Aires' },
      { company_id: ds, code: 501, name: 'Pérez, Juan', description: 'Juan Pérez', cuit: '20123456786', seller_id: 1, phone: '2954123456', locality: 'Santa Rosa', province: 'La Pampa' },
      { company_id: su, code: 1, name: COMPANIES.suspendida.name, description: 'Administración', cuit: COMPANIES.suspendida.cuit, seller_id: null, phone: '2334440000', locality: 'Eduardo Castex', province: 'La Pampa' },
      { company_id: su, code: 77, name: 'Pérez, Juan', description: 'Juan Pérez', cuit: '20123456786', seller_id: 1, phone: '2954123456', locality: 'Santa Rosa', province: 'La Pampa' },
    ];
    await insertChunked(trx, fixed);
    const counts = CUSTOMERS[size];
    await insertChunked(trx, generatedCustomers(rnd, lp, counts.laPampa, 2000));
    await insertChunked(trx, generatedCustomers(rnd, ds, counts.delSur, 2000));
    await insertChunked(trx, generatedCustomers(rnd, su, counts.suspendida, 2000));

    const entityId = async (companyId: number, code: number) =>
      (await trx.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;

    type Link = { company: number; profiles: number[]; entities: number[]; admin?: boolean; suspended?: boolean; session?: boolean };
    const users: Array<{ username: string; first: string; last: string; cuit: string | null; phone: string | null; admin?: boolean; change?: boolean; links: Link[] }> = [
      {
        username: 'productor', first: 'Juan', last: 'Pérez', cuit: '20123456786', phone: '2954123456',
        links: [
          { company: lp, profiles: [1], entities: [ENTITY_CODES.juanPerez, ENTITY_CODES.perezHnos, ENTITY_CODES.perezInactiva] },
          { company: ds, profiles: [1], entities: [501] },
          { company: su, profiles: [1], entities: [77], suspended: true },
        ],
      },
      { username: 'admin', first: 'Administrador', last: 'La Pampa', cuit: null, phone: null, admin: true, links: [{ company: lp, profiles: [1], entities: [ENTITY_CODES.casaCentral], admin: true }] },
      { username: 'vendedor', first: 'Martín', last: 'Acosta', cuit: '20256667778', phone: '2954600001', links: [{ company: lp, profiles: [2, 3], entities: [ENTITY_CODES.casaCentral] }] },
      { username: 'repartidor', first: 'Raúl', last: 'Medina', cuit: null, phone: '2954600002', links: [{ company: lp, profiles: [4], entities: [ENTITY_CODES.casaCentral] }] },
      { username: 'deposito', first: 'Sergio', last: 'Luna', cuit: null, phone: '2954600003', links: [{ company: lp, profiles: [5], entities: [ENTITY_CODES.casaCentral] }] },
      { username: 'autorizador', first: 'Graciela', last: 'Torres', cuit: null, phone: '2954600004', links: [{ company: lp, profiles: [6], entities: [ENTITY_CODES.casaCentral] }] },
      { username: 'cambio', first: 'Laura', last: 'Martínez', cuit: '27301112225', phone: '2302456789', change: true, links: [{ company: lp, profiles: [1], entities: [ENTITY_CODES.lauraMartinez] }] },
    ];

    for (const u of users) {
      const { id } = await trx
        .insertInto('users')
        .values({
          username: u.username,
          email: `${u.username}@demo.com.ar`,
          first_name: u.first,
          last_name: u.last,
          password_hash: u.username === 'admin' ? adminHash : demoHash,
          phone: u.phone,
          cuit: u.cuit,
          change_password: u.change ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const l of u.links) {
        await trx
          .insertInto('memberships')
          .values({ user_id: id, company_id: l.company, is_admin: l.admin ?? false, suspended: l.suspended ?? false, default_profile_id: l.profiles[0]!, hidden_currencies: '[]' })
          .execute();
        await trx.insertInto('membership_profiles').values(l.profiles.map((p) => ({ user_id: id, company_id: l.company, profile_id: p }))).execute();
        for (const code of l.entities) {
          await trx.insertInto('user_entities').values({ user_id: id, company_id: l.company, entity_id: await entityId(l.company, code) }).execute();
        }
        await trx.insertInto('active_sessions').values({ user_id: id, company_id: l.company }).execute();
      }
    }
    await seedAdmin(trx);

    const rich = new Set([
      await entityId(lp, ENTITY_CODES.juanPerez),
      await entityId(lp, ENTITY_CODES.perezHnos),
      await entityId(lp, ENTITY_CODES.lauraMartinez),
      await entityId(ds, 501),
    ]);
    const catalog = await seedCatalog(trx, size);
    await seedDashboardData(trx, size, rich, catalog);
    await seedOrderingData(trx, rich, catalog);
    await seedStatementData(trx, size, rich);
    await seedWarehouse(trx, size);
    await seedReceiptsData(trx, size, rich);
    await seedContracts(trx, size, rich);
    await seedStockPositions(trx);
    // productor has looked at a few products in La Pampa (the "Ultimos visitados" carousel).
    const productor = await trx.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const juan = await entityId(lp, ENTITY_CODES.juanPerez);
    const seen = (catalog.get(lp) ?? []).filter((_, i) => i % 9 === 4).slice(0, 8);
    for (const [i, p] of seen.entries()) {
      await trx
        .insertInto('product_visits')
        .values({ company_id: lp, entity_id: juan, user_id: productor.id, product_id: p.id, visited_at: new Date(Date.now() - (i + 1) * 3_600_000) })
        .execute();
    }
    await seedDashboardItems(trx);
    await seedField(trx, size);
  });
}
