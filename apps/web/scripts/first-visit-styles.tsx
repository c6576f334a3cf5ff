/**
 * Ant Design's styles of the first screens after the login, made at build time (docs/decisions/web-delivery.md,
 * 'First-visit styles'): run by vite.config.ts (`firstVisitStyles`) with NODE_ENV=production, it renders the Ant Design
 * components of the sessions screens, the shell and the dashboard with the portal's theme (lib/theme-config.ts) through
 * react-dom/server, collects what Ant Design's style library built (`extractStyle`, its server-rendering path) and
 * prints it as JSON: `{ version, map, styles }`, the set lib/kept-styles.ts puts into the page (a style per hash, and
 * the map from each style's path to its hash).
 *
 * A component's style depends on the component, the class prefix, Ant Design's version and the style provider's
 * settings, not on the props it is drawn with nor on the theme's colours (Ant Design 6 writes them as CSS variables,
 * set apart and still built in the browser). This is checked here: the set is made with the portal's colours and with
 * other ones, and the two must be equal, or the build fails. What it renders is a sample, not the screens: each
 * component once in the variants that bring a style of their own (a coloured Tag's preset colours, a List's item
 * meta…). e2e/tests/web-delivery/landing.spec.ts checks in the browser that 'Ingresar' → dashboard builds none of
 * these styles again and that the page's styles are those it builds without this file.
 */
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, Button, Col, ConfigProvider, Empty, Input, Layout, List, Row, Select, Skeleton, Space, Spin, Statistic, Switch, Tag, version } from 'antd';
import esES from 'antd/es/locale/es_ES';
import { DEFAULT_HEADER, DEFAULT_PRIMARY, portalTheme } from '../src/lib/theme-config';
import { parseStyleMap, type StyleSet } from '../src/lib/style-map';

/**
 * The components of the sessions screens (company, entity and profile steps), the shell (header with the entity
 * selector's look-alike, which uses Select's style) and the dashboard, roughly in the order the journey draws them:
 * styles of the same priority keep the order in which they were built, as they would in the browser.
 */
function FirstScreens() {
  return (
    <>
      <Spin />
      <List
        dataSource={[1]}
        renderItem={(i) => (
          <List.Item actions={[<Button key="x" type="text" danger />]}>
            <List.Item.Meta title={<Space wrap size={4}><span>{i}</span><Tag color="red">t</Tag><Tag>t</Tag></Space>} description="d" />
          </List.Item>
        )}
      />
      <Button type="primary">b</Button>
      <Input allowClear prefix="p" placeholder="p" />
      <Select />
      <Layout>
        <Layout.Header />
        <Layout.Content />
      </Layout>
      <Alert type="error" showIcon title="a" />
      <Row>
        <Col span={24} />
      </Row>
      <Skeleton active />
      <Space direction="vertical" />
      <Statistic title="t" value={1} />
      <Switch />
      <Empty description="e" />
    </>
  );
}

/**
 * The order the browser usually puts these styles in on 'Ingresar' → dashboard (productor, a phone), by style path
 * without the hash: Ant Design inserts each style when its component is first drawn (children before their parent),
 * after the others of its priority. react-dom/server builds them in another order (parents first); the set is written
 * in this one, so that rules of the same specificity meet in the order they usually do (in the page it already varies
 * with what arrives first, the sessions list or the screen's code). A component not listed fails the build: add it
 * where the journey draws it.
 */
const BROWSER_ORDER = [
  'Shared|ant',
  'Spin-Spin|ant-spin',
  'Wave-Wave|ant-wave',
  'Button-Button|ant-btn',
  'Space-Space|ant-space',
  'Tag-Tag|ant-tag',
  'List-List|ant-list',
  'Input-Shared|ant-input',
  'Input-Component|ant-input',
  'Select-Select|ant-select',
  'Layout-Layout|ant-layout',
  'Alert-Alert|ant-alert',
  'Grid-Grid|ant-col',
  'Grid-Grid|ant-row',
  'Skeleton-Skeleton|ant-skeleton',
  'Statistic-Statistic|ant-statistic',
  'Switch-Switch|ant-switch',
  // Not on productor's way: an empty list.
  'Empty-Empty|ant-empty',
  // Priority -998 (after every -999 one): the preset colours of a coloured Tag.
  'Tag-preset|ant-tag',
  // Priority 0: the icons' base style.
  'ant-design-icons|anticon',
];

function stylesWith(primary: string, header: string): StyleSet {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={esES} theme={portalTheme(primary, header)}>
        <FirstScreens />
      </ConfigProvider>
    </StyleProvider>,
  );
  const html = extractStyle(cache, { types: 'style' });
  // Each component's style, followed by the keyframes it brought (extractStyle writes them after it).
  const groups: Array<StyleSet['styles']> = [];
  let map: string | null = null;
  for (const [, attrs, css] of html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs!)?.[1] ?? null;
    if (attr('data-ant-cssinjs-cache-path')) {
      map = /^\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/.exec(css!)?.[1] ?? null;
      continue;
    }
    const hash = attr('data-css-hash');
    if (!hash) throw new Error(`a style without its hash: ${attrs}`);
    // The browser writes no priority for 0 (@rc-component/util's injectCSS); the same here.
    const priority = attr('data-rc-priority');
    const style = { hash, order: attr('data-rc-order'), priority: priority === '0' ? null : priority, css: css! };
    if (hash.startsWith('_effect-') && groups.length) groups[groups.length - 1]!.push(style);
    else groups.push([style]);
  }
  if (!map) throw new Error('extractStyle wrote no map of the style paths');
  const place = new Map<string, number>();
  for (const [path, hash] of parseStyleMap(map)) {
    const key = path.split('|').filter(Boolean).slice(path.startsWith('|') ? 0 : 1, path.startsWith('|') ? 2 : 3).join('|');
    const index = BROWSER_ORDER.indexOf(key);
    if (index < 0) throw new Error(`${key}: not in BROWSER_ORDER (scripts/first-visit-styles.tsx)`);
    place.set(hash, index);
  }
  for (const [group] of groups) if (!place.has(group!.hash)) throw new Error(`a style in no path of the map: ${group!.hash}`);
  const styles = groups.sort((a, b) => place.get(a[0]!.hash)! - place.get(b[0]!.hash)!).flat();
  return { version, map, styles };
}

const portal = stylesWith(DEFAULT_PRIMARY, DEFAULT_HEADER);
// Other colours (a company's): the component styles must not change, or the build's set would be wrong for them.
const other = stylesWith('#8E24AA', '#263238');
if (JSON.stringify(portal) !== JSON.stringify(other)) {
  throw new Error("Ant Design's component styles depend on the theme's colours: a set made at build time would not match every company's");
}
if (process.env.NODE_ENV !== 'production' || portal.map.includes('css-dev-only')) {
  throw new Error('run with NODE_ENV=production: the browser bundle is the production build, whose class hashes differ');
}
process.stdout.write(JSON.stringify(portal));
