import type { Migration, MigrationProvider } from 'kysely';
import * as m20261121_1300_access from './20261121_1300_access.js';
import * as m20261121_1400_admin_dashboard from './20261121_1400_admin_dashboard.js';
import * as m20261121_1500_admin from './20261121_1500_admin.js';
import * as m20261121_1600_ordering from './20261121_1600_ordering.js';
import * as m20261124_0900_wave1 from './20261124_0900_wave1.js';
import * as m20261124_1000_hardening from './20261124_1000_hardening.js';
import * as m20261124_1100_statements from './20261124_1100_statements.js';
import * as m20261124_1200_receipts from './20261124_1200_receipts.js';
import * as m20261124_1300_field from './20261124_1300_field.js';
import * as m20261124_1400_warehouse from './20261124_1400_warehouse.js';
import * as m20261124_1500_contracts from './20261124_1500_contracts.js';
import * as m20261124_1600_stock_positions from './20261124_1600_stock_positions.js';
import * as m20261125_1200_receipt_review from './20261125_1200_receipt_review.js';
import * as m20261125_1300_field_delete_keys from './20261125_1300_field_delete_keys.js';
import * as m20261125_1400_catalog_price_lists from './20261125_1400_catalog_price_lists.js';
import * as m20261126_1000_statement_checkpoints from './20261126_1000_statement_checkpoints.js';
import * as m20261126_1200_catalog_word_counts from './20261126_1200_catalog_word_counts.js';
import * as m20261127_1000_statement_versions from './20261127_1000_statement_versions.js';
import * as m20261128_1000_statement_covering_indexes from './20261128_1000_statement_covering_indexes.js';
import * as m20261129_1000_sales_last_purchases from './20261129_1000_sales_last_purchases.js';
import * as m20261130_1100_fiscal_page_order from './20261130_1100_fiscal_page_order.js';
import * as m20261201_1000_field_container_changes from './20261201_1000_field_container_changes.js';
import * as m20261201_1000_integration from './20261201_1000_integration.js';
import { storedFilesMigration } from './20261201_1000_stored_files.js';
import * as m20261201_1100_quick_order from './20261201_1100_quick_order.js';
import * as m20261202_1000_decision_keys from './20261202_1000_decision_keys.js';
import * as m20261202_1000_grain_voucher_numbers from './20261202_1000_grain_voucher_numbers.js';
import * as m20261202_1000_payment_cuit_fields from './20261202_1000_payment_cuit_fields.js';
import * as m20261202_1100_quick_code_knn from './20261202_1100_quick_code_knn.js';
import * as m20261202_1100_voucher_applied_lines from './20261202_1100_voucher_applied_lines.js';
import * as m20261203_1200_integration_events from './20261203_1200_integration_events.js';
import * as m20261204_1000_integration_webhooks from './20261204_1000_integration_webhooks.js';
import * as m20261204_1100_movement_identity from './20261204_1100_movement_identity.js';
import * as m20261205_1000_grain_movement_identity from './20261205_1000_grain_movement_identity.js';
import * as m20261205_1100_spreadsheet_batches from './20261205_1100_spreadsheet_batches.js';
import * as m20261205_1200_news_codes from './20261205_1200_news_codes.js';
import * as m20261206_1100_route_plans from './20261206_1100_route_plans.js';
import * as m20261206_1200_quick_code_variants from './20261206_1200_quick_code_variants.js';

/** Append-only: a landed migration is never edited; a change is a new file added at the end of this list. */
const migrations: Record<string, Migration> = {
  '20261121_1300_access': m20261121_1300_access,
  '20261121_1400_admin_dashboard': m20261121_1400_admin_dashboard,
  '20261121_1500_admin': m20261121_1500_admin,
  '20261121_1600_ordering': m20261121_1600_ordering,
  '20261124_0900_wave1': m20261124_0900_wave1,
  '20261124_1000_hardening': m20261124_1000_hardening,
  '20261124_1100_statements': m20261124_1100_statements,
  '20261124_1200_receipts': m20261124_1200_receipts,
  '20261124_1300_field': m20261124_1300_field,
  '20261124_1400_warehouse': m20261124_1400_warehouse,
  '20261124_1500_contracts': m20261124_1500_contracts,
  '20261124_1600_stock_positions': m20261124_1600_stock_positions,
  '20261125_1200_receipt_review': m20261125_1200_receipt_review,
  '20261125_1300_field_delete_keys': m20261125_1300_field_delete_keys,
  '20261125_1400_catalog_price_lists': m20261125_1400_catalog_price_lists,
  '20261126_1000_statement_checkpoints': m20261126_1000_statement_checkpoints,
  '20261126_1200_catalog_word_counts': m20261126_1200_catalog_word_counts,
  '20261127_1000_statement_versions': m20261127_1000_statement_versions,
  '20261128_1000_statement_covering_indexes': m20261128_1000_statement_covering_indexes,
  '20261129_1000_sales_last_purchases': m20261129_1000_sales_last_purchases,
  '20261130_1100_fiscal_page_order': m20261130_1100_fiscal_page_order,
  '20261201_1000_field_container_changes': m20261201_1000_field_container_changes,
  '20261201_1000_integration': m20261201_1000_integration,
  '20261201_1000_stored_files': storedFilesMigration(undefined),
  '20261201_1100_quick_order': m20261201_1100_quick_order,
  '20261202_1000_decision_keys': m20261202_1000_decision_keys,
  '20261202_1000_grain_voucher_numbers': m20261202_1000_grain_voucher_numbers,
  '20261202_1000_payment_cuit_fields': m20261202_1000_payment_cuit_fields,
  '20261202_1100_quick_code_knn': m20261202_1100_quick_code_knn,
  '20261202_1100_voucher_applied_lines': m20261202_1100_voucher_applied_lines,
  '20261203_1200_integration_events': m20261203_1200_integration_events,
  '20261204_1000_integration_webhooks': m20261204_1000_integration_webhooks,
  '20261204_1100_movement_identity': m20261204_1100_movement_identity,
  '20261205_1000_grain_movement_identity': m20261205_1000_grain_movement_identity,
  '20261205_1100_spreadsheet_batches': m20261205_1100_spreadsheet_batches,
  '20261205_1200_news_codes': m20261205_1200_news_codes,
  '20261206_1100_route_plans': m20261206_1100_route_plans,
  '20261206_1200_quick_code_variants': m20261206_1200_quick_code_variants,
};

/**
 * The migrations; `dataDir` is where the migrating machine keeps its local files (the receipt attachments of a
 * portal older than the shared file storage are read from there, once).
 */
export function migrationProvider(options: { dataDir?: string } = {}): MigrationProvider {
  return {
    async getMigrations() {
      return { ...migrations, '20261201_1000_stored_files': storedFilesMigration(options.dataDir) };
    },
  };
}
