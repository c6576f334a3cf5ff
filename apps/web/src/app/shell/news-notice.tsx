import { useState } from 'react';
import { Alert } from 'antd';
import type { WhitelabelConfig } from '@portal/contract';

const dismissedKey = (cuit: string | null, id: string) => `portal.news.dismissed.${cuit ?? 'portal'}.${id}`;

/** The company's one-off news notice: shown until dismissed, the dismissal remembered in this browser. */
export function NewsNotice({ branding }: { branding: WhitelabelConfig | undefined }) {
  const news = branding?.news ?? null;
  const [, setDismissed] = useState(0);
  if (!news || localStorage.getItem(dismissedKey(branding!.cuit, news.id)) === '1') return null;
  return (
    <Alert
      className="news-notice"
      type="info"
      showIcon
      title={news.title}
      description={news.body}
      closable={{
        'aria-label': 'Cerrar novedad',
        onClose: () => {
          localStorage.setItem(dismissedKey(branding!.cuit, news.id), '1');
          setDismissed((n) => n + 1);
        },
      }}
    />
  );
}
