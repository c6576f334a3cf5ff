import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  DollarOutlined,
  FileTextOutlined,
  HomeOutlined,
  InboxOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';

/** The server names an icon; unknown names get a neutral one. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  cart: <ShoppingCartOutlined />,
  file: <FileTextOutlined />,
  money: <DollarOutlined />,
  chart: <BarChartOutlined />,
  stock: <InboxOutlined />,
  users: <TeamOutlined />,
  settings: <SettingOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
