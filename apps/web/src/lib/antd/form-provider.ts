/**
 * What Ant Design's form context (form/context.js) reads from @rc-component/form: its FormProvider. The package has no
 * `sideEffects` flag and its index assigns Field, List, useForm and useWatch onto the Form it exports, so importing
 * FormProvider from the index brought the whole form library (fields, lists, async-validator: ≈15 kB brotli) into the
 * shell, because every input, select and button group reads that context. The build points that one import here
 * (`lazyAntdParts` in vite.config.ts): the same FormProvider, from the file that defines it. Screens with a Form get
 * the library from antd's Form itself. (docs/decisions/web-delivery.md, 'Every route'.)
 */
export { FormProvider } from '@rc-component/form/es/FormContext';
