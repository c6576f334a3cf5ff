/**
 * What the shell (app/shell) uses of administration: the administrator's entity dialog and module drawer, each
 * loaded from its own file when first opened. 'Administración' opens by itself on an administrator's first screen;
 * exported as components from here, the two came as one chunk, and the dialog brought the drawer's Tree and
 * DatePicker to every administrator's first screen (docs/decisions/web-delivery.md).
 */
export const loadAdminDialog = () => import('./components/admin-dialog').then((m) => m.AdminDialog);
export const loadModuleConfigDrawer = () => import('./components/module-config-drawer').then((m) => m.ModuleConfigDrawer);
