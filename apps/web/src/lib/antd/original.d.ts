/**
 * The module a file of src/lib/antd stands in for (vite.config.ts, `lazyAntdParts`): the build resolves it to the
 * file the redirected import named. Typed loosely: each stand-in states what it uses of it.
 */
declare module 'portal:original' {
  const original: unknown;
  export default original;
}
