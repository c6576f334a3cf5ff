/** What the shell (app/shell) uses of administration: the administrator's entity dialog and module drawer, loaded lazily. */
export { AdminDialog } from './components/admin-dialog';
export { ModuleConfigDrawer } from './components/module-config-drawer';
