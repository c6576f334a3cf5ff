/** What the shell (app/shell/app-shell.tsx) hands the page behind it, read with useOutletContext<ShellContext>(). */
export type ShellContext = { profile: number; adminweb: boolean };
