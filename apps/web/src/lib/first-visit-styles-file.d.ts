/**
 * Where the build put Ant Design's styles of the first screens (vite.config.ts, `firstVisitStyles`), and the Ant Design
 * version they were made with; null in development (no file: every style is built at run time).
 */
declare module 'portal:first-visit-styles' {
  export const FIRST_VISIT_STYLES: { url: string; version: string } | null;
}
