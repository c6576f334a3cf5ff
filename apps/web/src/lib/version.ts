/** The version the footer shows (access.md §1). */
export const APP_VERSION = 'v1.1.0';
