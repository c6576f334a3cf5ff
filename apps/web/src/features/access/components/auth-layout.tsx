import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useSession } from '../../../lib/session-store';
import { useBranding } from '../../../lib/branding';
import { APP_VERSION } from '../../../app/version';

type AuthLayoutProps = { title?: ReactNode; children: ReactNode; width?: number; cuit?: string };

/** The public screens: the company's (or the portal's) logo and title over one card. */
export function AuthLayout({ title, children, width = 440, cuit }: AuthLayoutProps) {
  const { host } = useSession();
  const branding = useBranding(cuit ?? host?.cuit ?? null);
  const colors = branding.data?.colors;
  return (
    <div
      className="auth-page"
      style={{ background: colors ? `linear-gradient(160deg, ${colors.header} 0%, ${colors.primary} 55%, #f4f6f1 55%)` : undefined }}
    >
      <div className="auth-column" style={{ maxWidth: width }}>
        <div className="auth-brand">
          {branding.data && <img src={branding.data.logo} alt={branding.data.title} height={48} />}
          <Typography.Title level={3} className="auth-title" style={{ color: colors?.headerText ?? '#fff', margin: 0 }}>
            {branding.data?.title ?? '\u00a0'}
          </Typography.Title>
        </div>
        <Card
          className="auth-card"
          title={
            title ? (
              // The screen's name for assistive technology (and tests): the card title is its heading.
              <span role="heading" aria-level={2}>
                {title}
              </span>
            ) : undefined
          }
        >
          {children}
        </Card>
        <div className="auth-footer">
          <span>{APP_VERSION}</span>
        </div>
      </div>
    </div>
  );
}
