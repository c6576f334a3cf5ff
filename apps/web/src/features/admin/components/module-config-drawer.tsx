import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Space, Spin, Switch, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import dayjs, { type Dayjs } from '../../../lib/dayjs';
import { formatDateSlash, msg, type ModuleNode, type ModuleNodeInput } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import { useModuleTree, type ModuleTarget } from '../api/module-tree';
import { useSaveModules } from '../api/save-modules';

type ModuleConfigDrawerProps = { target: ModuleTarget | null; onClose: () => void };

/**
 * The module configuration drawer (access.md §4, statements.md §7): per module, a switch for mobile and one for
 * desktop and a date range. For a user, only what the company enables, within the company's dates.
 */
export function ModuleConfigDrawer({ target, onClose }: ModuleConfigDrawerProps) {
  const { host } = useSession();
  const mobile = useIsMobile();
  const tree = useModuleTree(host?.cuit ?? null, target);
  const title = target?.kind === 'user' ? `Módulos de ${target.name}` : 'Módulos de la empresa';

  return (
    <Drawer title={title} placement="right" open={target !== null} onClose={onClose} size={mobile ? '100%' : 760} destroyOnHidden className="module-drawer">
      {tree.isLoading ? (
        <div className="center-pad">
          <Spin />
        </div>
      ) : tree.isError ? (
        <Alert type="error" showIcon title={msg.errorCargarDatos} description={errorMessage(tree.error, msg.errorObtenerDatos)} />
      ) : tree.data && target ? (
        <ModuleEditor key={`${tree.dataUpdatedAt}`} tree={tree.data} target={target} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}

type NodeState = { mobile: boolean; desktop: boolean; fecha_desde: string | null; fecha_hasta: string | null };
type Device = 'mobile' | 'desktop';

function index(tree: ModuleNode[]) {
  const nodes = new Map<string, ModuleNode>();
  const parents = new Map<string, string | null>();
  const walk = (list: ModuleNode[], parent: string | null) => {
    for (const n of list) {
      nodes.set(n.id, n);
      parents.set(n.id, parent);
      walk(n.children, n.id);
    }
  };
  walk(tree, null);
  return { nodes, parents };
}

const toDay = (v: string | null) => (v ? dayjs(v) : null);
const fromDay = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

function ModuleEditor({ tree, target, onClose }: { tree: ModuleNode[]; target: ModuleTarget; onClose: () => void }) {
  const forUser = target.kind === 'user';
  const { nodes, parents } = useMemo(() => index(tree), [tree]);
  const [state, setState] = useState<Map<string, NodeState>>(
    () => new Map([...nodes].map(([id, n]) => [id, { mobile: n.mobile, desktop: n.desktop, fecha_desde: n.fecha_desde, fecha_hasta: n.fecha_hasta }])),
  );
  const save = useSaveModules();
  const notify = useNotify();

  /** For a user, a device the company lacks stays off. */
  const allowed = (id: string, device: Device) => !forUser || (device === 'mobile' ? nodes.get(id)!.empresa_mobile : nodes.get(id)!.empresa_desktop);

  /** Sets devices on a module; whatever is turned on is turned on up the parents too (access.md §4). */
  function update(id: string, change: Partial<Record<Device, boolean>>) {
    setState((prev) => {
      const next = new Map(prev);
      const set = (nodeId: string, c: Partial<Record<Device, boolean>>) => {
        const cur = next.get(nodeId)!;
        next.set(nodeId, {
          ...cur,
          mobile: c.mobile === undefined ? cur.mobile : c.mobile && allowed(nodeId, 'mobile'),
          desktop: c.desktop === undefined ? cur.desktop : c.desktop && allowed(nodeId, 'desktop'),
        });
      };
      set(id, change);
      const on: Partial<Record<Device, boolean>> = {};
      if (change.mobile) on.mobile = true;
      if (change.desktop) on.desktop = true;
      for (let p = parents.get(id) ?? null; p && (on.mobile || on.desktop); p = parents.get(p) ?? null) set(p, on);
      return next;
    });
  }

  function updateDate(id: string, field: 'fecha_desde' | 'fecha_hasta', value: string | null) {
    setState((prev) => new Map(prev).set(id, { ...prev.get(id)!, [field]: value }));
  }

  const checked = [...state].filter(([, s]) => s.mobile && s.desktop).map(([id]) => id);
  const halfChecked = [...state].filter(([, s]) => s.mobile !== s.desktop).map(([id]) => id);

  const toTreeData = (list: ModuleNode[]): TreeDataNode[] =>
    list.map((n) => ({ key: n.id, title: <ModuleRow node={n} value={state.get(n.id)!} forUser={forUser} onDevice={update} onDate={updateDate} />, children: toTreeData(n.children) }));

  const body = (list: ModuleNode[]): ModuleNodeInput[] =>
    list.map((n) => {
      const s = state.get(n.id)!;
      return { id: n.id, mobile: s.mobile, desktop: s.desktop, rango: Boolean(s.fecha_desde || s.fecha_hasta), fecha_desde: s.fecha_desde, fecha_hasta: s.fecha_hasta, children: body(n.children) };
    });

  async function handleSave() {
    try {
      const answer = await save.mutateAsync({ target, body: { menu: body(tree) } });
      if (answer.warning) notify.warning('Módulos', answer.msg);
      else if (answer.success) notify.success(answer.msg);
      else notify.error('Error', answer.msg);
      onClose();
    } catch (e) {
      notify.error(msg.errorGuardarModulos, errorMessage(e, msg.errorInterno));
    }
  }

  return (
    <div className="module-editor">
      <Typography.Paragraph type="secondary" className="module-help">
        {forUser
          ? 'Sin configuración propia, el usuario hereda la de la empresa. Sólo puede habilitar lo que la empresa habilita, dentro de sus fechas.'
          : 'Marque un módulo para habilitarlo en móvil y escritorio. Habilitar un módulo habilita también el grupo que lo contiene.'}
      </Typography.Paragraph>
      <Tree
        className="module-tree"
        checkable
        checkStrictly
        selectable={false}
        blockNode
        defaultExpandAll
        checkedKeys={{ checked, halfChecked }}
        onCheck={(_keys, info) => {
          const id = String(info.node.key);
          update(id, { mobile: info.checked, desktop: info.checked });
        }}
        treeData={toTreeData(tree)}
      />
      <Space className="module-actions">
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="primary" loading={save.isPending} onClick={handleSave}>
          Guardar
        </Button>
      </Space>
    </div>
  );
}

type ModuleRowProps = {
  node: ModuleNode;
  value: NodeState;
  forUser: boolean;
  onDevice: (id: string, change: Partial<Record<Device, boolean>>) => void;
  onDate: (id: string, field: 'fecha_desde' | 'fecha_hasta', value: string | null) => void;
};

function companyText(n: ModuleNode): string {
  const devices = [n.empresa_mobile && 'móvil', n.empresa_desktop && 'escritorio'].filter(Boolean).join(' y ') || 'no habilitado';
  const dates =
    n.empresa_fecha_desde || n.empresa_fecha_hasta
      ? `, ${n.empresa_fecha_desde ? `desde ${formatDateSlash(n.empresa_fecha_desde)}` : ''}${n.empresa_fecha_desde && n.empresa_fecha_hasta ? ' ' : ''}${n.empresa_fecha_hasta ? `hasta ${formatDateSlash(n.empresa_fecha_hasta)}` : ''}`
      : ', sin límite de fechas';
  return `Empresa: ${devices}${dates}`;
}

/** Equal to the company's setting: saved, the user keeps no setting of their own and follows the company's. */
const inherits = (n: ModuleNode, v: NodeState) =>
  v.mobile === n.empresa_mobile && v.desktop === n.empresa_desktop && v.fecha_desde === n.empresa_fecha_desde && v.fecha_hasta === n.empresa_fecha_hasta;

function ModuleRow({ node, value, forUser, onDevice, onDate }: ModuleRowProps) {
  const min = forUser ? toDay(node.empresa_fecha_desde) : null;
  const max = forUser ? toDay(node.empresa_fecha_hasta) : null;
  const from = toDay(value.fecha_desde);
  const to = toDay(value.fecha_hasta);
  const outside = (d: Dayjs) => Boolean((min && d.isBefore(min, 'day')) || (max && d.isAfter(max, 'day')));
  return (
    // The row's controls must not reach the tree, which would take a click on them as a check of the node.
    <div className="module-row" data-testid={`module-${node.id}`} onClick={(e) => e.stopPropagation()}>
      <div className="module-row-name">
        <Typography.Text strong>{node.nombre}</Typography.Text>
        {forUser && inherits(node, value) && <Tag className="module-tag">Hereda de la empresa</Tag>}
      </div>
      {forUser && (
        <Typography.Text type="secondary" className="module-row-company">
          {companyText(node)}
        </Typography.Text>
      )}
      <div className="module-row-controls">
        <label className="module-switch">
          <Switch
            size="small"
            aria-label={`${node.nombre}: móvil`}
            checked={value.mobile}
            disabled={forUser && !node.empresa_mobile}
            onChange={(on) => onDevice(node.id, { mobile: on })}
          />
          <span>Móvil</span>
        </label>
        <label className="module-switch">
          <Switch
            size="small"
            aria-label={`${node.nombre}: escritorio`}
            checked={value.desktop}
            disabled={forUser && !node.empresa_desktop}
            onChange={(on) => onDevice(node.id, { desktop: on })}
          />
          <span>Escritorio</span>
        </label>
        <Space.Compact className="module-dates">
          <DatePicker
            size="small"
            placeholder="Desde"
            aria-label={`${node.nombre}: desde`}
            format="DD/MM/YYYY"
            value={from}
            minDate={min ?? undefined}
            maxDate={max ?? undefined}
            disabledDate={(d) => outside(d) || Boolean(to && d.isAfter(to, 'day'))}
            onChange={(d) => onDate(node.id, 'fecha_desde', fromDay(d))}
          />
          <DatePicker
            size="small"
            placeholder="Hasta"
            aria-label={`${node.nombre}: hasta`}
            format="DD/MM/YYYY"
            value={to}
            minDate={min ?? undefined}
            maxDate={max ?? undefined}
            disabledDate={(d) => outside(d) || Boolean(from && d.isBefore(from, 'day'))}
            onChange={(d) => onDate(node.id, 'fecha_hasta', fromDay(d))}
          />
        </Space.Compact>
      </div>
    </div>
  );
}
