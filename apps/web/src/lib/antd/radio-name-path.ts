/**
 * What Ant Design's Radio.Group (radio/group.js) reads from the form's useForm hook: `toNamePathStr`, to name its
 * radios after a form field. The hook's module imports the whole form library (@rc-component/form, async-validator)
 * and scroll-into-view, so every screen with a radio group downloaded them (≈15 kB brotli) without a form. The build
 * points that one import here (`lazyAntdParts` in vite.config.ts): the same function, as antd's form/hooks/useForm.js
 * and form/util.js write it. (docs/decisions/web-delivery.md, 'Every route'.)
 */
export function toNamePathStr(name: unknown): string {
  const path: unknown[] = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return path.join('_');
}
