import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session-store';
import { useBranding } from '../../../lib/branding';
import { APP_VERSION } from '../../../lib/version';
import { MAIN_ID } from '../../../lib/page-title';

type AuthLayoutProps = { title?: ReactNode; children: ReactNode; width?: number; cuit?: string };

/**
 * The public screens: the company's (or the portal's) logo and title over one card. The card is drawn by
 * styles.css like Ant Design's Card: the login screen does not download Card (docs/decisions/web-delivery.md).
 */
export function AuthLayout({ title, children, width = 440, cuit }: AuthLayoutProps) {
  const { host } = useSession();
  const branding = useBranding(cuit ?? host?.cuit ?? null);
  const colors = branding.data?.colors;
  return (
    <div
      className="auth-page"
      style={{ background: colors ? `linear-gradient(160deg, ${colors.header} 0%, ${colors.primary} 55%, #f4f6f1 55%)` : undefined }}
    >
      <main id={MAIN_ID} tabIndex={-1} className="auth-column" style={{ maxWidth: width }}>
        <div className="auth-brand">
          {branding.data && <img src={branding.data.logo} alt={branding.data.title} height={48} decoding="async" />}
          {/* A plain heading: Typography (with its tooltip machinery) is not worth its weight on the login screen. */}
          <h3 className="auth-title" style={{ color: colors?.headerText ?? '#fff' }}>
            {branding.data?.title ?? '\u00a0'}
          </h3>
        </div>
        <section className="auth-card">
          {title && (
            <div className="auth-card-head">
              {/* The screen's name for assistive technology (and tests): the card title is its heading. */}
              <div className="auth-card-title" role="heading" aria-level={2}>
                {title}
              </div>
            </div>
          )}
          <div className="auth-card-body">{children}</div>
        </section>
        <div className="auth-footer">
          <span>{APP_VERSION}</span>
        </div>
      </main>
    </div>
  );
}
