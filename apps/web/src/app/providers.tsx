import { useEffect, useRef, type ReactNode } from 'react';
import { msg } from '@portal/contract';
import { useBranding } from '../lib/branding';
import { FeedbackRoot } from '../lib/feedback';
import { useSession } from '../lib/session-store';
import { useNotify } from '../lib/notify';

const DEFAULT_PRIMARY = '#2E7D32';

/**
 * The root of the page, without Ant Design: the login screen does not load it (docs/decisions/web-delivery.md).
 * It gives the page the company's colours as CSS variables (the login screen, links), links the company's app
 * manifest, and mounts the feedback host (Ant Design's modal and notifications, loaded on first use). The Ant
 * Design theme (app/theme.tsx) and TanStack Query (app/query.tsx) come with the screens that use them.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { host } = useSession();
  const branding = useBranding(host?.cuit ?? null);
  return (
    <>
      <PageColors primary={branding.data?.colors.primary ?? DEFAULT_PRIMARY} />
      <InstalledAppColors cuit={host?.cuit ?? null} header={branding.data?.colors.header} />
      <FeedbackRoot />
      <BrandingErrors failed={branding.isError} />
      {children}
    </>
  );
}

/** The company's main colour as `--primary` (styles.css derives the hover and pressed shades from it). */
function PageColors({ primary }: { primary: string }) {
  useEffect(() => {
    document.documentElement.style.setProperty('--primary', primary);
  }, [primary]);
  return null;
}

/**
 * Once a company is chosen, the browser's bar takes its header colour and the page links its manifest (installing
 * the app then names it after the company, docs/decisions/web-delivery.md); index.html holds the portal's.
 */
function InstalledAppColors({ cuit, header }: { cuit: string | null; header: string | undefined }) {
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', header ?? '#1B5E20');
  }, [header]);
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', cuit ? `/whitelabel/${cuit}/manifest.webmanifest` : '/manifest.webmanifest');
  }, [cuit]);
  return null;
}

/** Both the company's and the fallback branding failed: the one message the spec gives for it. */
function BrandingErrors({ failed }: { failed: boolean }) {
  const notify = useNotify();
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true;
      notify.error('Error', msg.errorDatosUsuario);
    }
  }, [failed, notify]);
  return null;
}
