import { useEffect } from 'react';
import { App } from 'antd';
import { ThemeProvider } from './theme';
import type { useAppProps } from 'antd/es/app/context';

/** feedback.tsx's connectFeedback, handed down as a prop: the host does not import feedback.tsx (import-x/no-cycle). */
type HostProps = { connect: (app: useAppProps | null) => void };

function Connect({ connect }: HostProps) {
  const app = App.useApp();
  useEffect(() => {
    connect(app);
    return () => connect(null);
  }, [app, connect]);
  return null;
}

/** The one Ant Design App of the page, in the theme, without a wrapper element: its modals and notifications only. */
export default function FeedbackHost({ connect }: HostProps) {
  return (
    <ThemeProvider>
      <App component={false} notification={{ placement: 'topRight', stack: { threshold: 2 }, maxCount: 4 }}>
        <Connect connect={connect} />
      </App>
    </ThemeProvider>
  );
}
