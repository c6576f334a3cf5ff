import { PARAMETROS, type Parametro } from '@portal/contract';
import type { DB } from '../database.js';
import { COMPANIES } from './identities.js';

/** Module parameters per company: La Pampa takes advance payments and shows the operation type. */
const PARAMETERS: Record<string, Record<Parametro, boolean>> = {
  [COMPANIES.laPampa.cuit]: { 'recibos.permite_anticipos': true, 'recibos.modifica_fecha': false, 'pedidos.muestra_tipooperacion': true },
  [COMPANIES.delSur.cuit]: { 'recibos.permite_anticipos': false, 'recibos.modifica_fecha': true, 'pedidos.muestra_tipooperacion': false },
  [COMPANIES.suspendida.cuit]: { 'recibos.permite_anticipos': false, 'recibos.modifica_fecha': false, 'pedidos.muestra_tipooperacion': false },
};

/**
 * Every company of the demo has every module on both devices, without dates (users inherit that until an
 * administrator configures them), and its module parameters.
 */
export async function seedAdmin(trx: DB): Promise<void> {
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  const modules = await trx.selectFrom('modules').select('id').orderBy('id').execute();
  for (const company of companies) {
    if (modules.length > 0) {
      await trx
        .insertInto('company_modules')
        .values(modules.map((m) => ({ company_id: company.id, module_id: m.id, mobile: true, desktop: true, date_from: null, date_to: null })))
        .onConflict((oc) => oc.columns(['company_id', 'module_id']).doNothing())
        .execute();
    }
    const values = PARAMETERS[company.cuit];
    if (values) {
      await trx
        .insertInto('company_parameters')
        .values(PARAMETROS.map((key) => ({ company_id: company.id, key, value: String(values[key]) })))
        .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
        .execute();
    }
  }
}
