import type { Migration, MigrationProvider } from 'kysely';
import * as m20261121_1300_access from './20261121_1300_access.js';
import * as m20261121_1400_admin_dashboard from './20261121_1400_admin_dashboard.js';
import * as m20261121_1500_admin from './20261121_1500_admin.js';
import * as m20261121_1600_ordering from './20261121_1600_ordering.js';

/** Append-only: a landed migration is never edited; a change is a new file added at the end of this list. */
const migrations: Record<string, Migration> = {
  '20261121_1300_access': m20261121_1300_access,
  '20261121_1400_admin_dashboard': m20261121_1400_admin_dashboard,
  '20261121_1500_admin': m20261121_1500_admin,
  '20261121_1600_ordering': m20261121_1600_ordering,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
