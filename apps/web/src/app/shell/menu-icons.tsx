import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  DollarOutlined,
  FileTextOutlined,
  HomeOutlined,
  InboxOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TruckOutlined,
} from '@ant-design/icons';

/**
 * The server names an icon; unknown names get a neutral one. The icons are decorative: hidden from assistive
 * technology, which would otherwise read their English names ('home', 'plus-circle') before each item.
 */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined aria-hidden />,
  cart: <ShoppingCartOutlined aria-hidden />,
  file: <FileTextOutlined aria-hidden />,
  money: <DollarOutlined aria-hidden />,
  chart: <BarChartOutlined aria-hidden />,
  stock: <InboxOutlined aria-hidden />,
  barcode: <BarcodeOutlined aria-hidden />,
  users: <TeamOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  truck: <TruckOutlined aria-hidden />,
};

export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined aria-hidden />;
}
