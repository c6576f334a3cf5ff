import { sql, type Kysely } from 'kysely';

/**
 * Payment-method fields that hold a CUIT ('CUIT del librador' of an e-cheq): input_type 'cuit', which the browser and
 * the server check as a CUIT (11 digits and the check digit, contract cuitFieldError). The text fields already
 * configured for one — a key or a label that names a CUIT — become such fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_method_fields drop constraint payment_method_fields_input_type_check`.execute(db);
  await sql`alter table payment_method_fields add constraint payment_method_fields_input_type_check check (input_type in ('text', 'number', 'file', 'cuit'))`.execute(db);
  await sql`
    update payment_method_fields set input_type = 'cuit'
    where type = 'input' and input_type = 'text' and suma = false and (field_key ~* '(^|_)cuit(_|$)' or label ilike 'cuit %')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update payment_method_fields set input_type = 'text' where input_type = 'cuit'`.execute(db);
  await sql`alter table payment_method_fields drop constraint payment_method_fields_input_type_check`.execute(db);
  await sql`alter table payment_method_fields add constraint payment_method_fields_input_type_check check (input_type in ('text', 'number', 'file'))`.execute(db);
}
