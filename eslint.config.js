import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Every search ignores accents and case (docs/decisions/access.md). */
const optionFilterProp = {
  selector: "Property[key.name='optionFilterProp']",
  message: 'Use showSearch={{ filterOption: filterByLabel }} (lib/search.ts): searches ignore accents and case.',
};

const webDir = fileURLToPath(new URL('./apps/web', import.meta.url));
const webFeatures = readdirSync(`${webDir}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The import zones of the web app (docs/architecture.md, "What may import what" > "Web"). */
const webZones = [
  // A feature reaches another feature only through its index.ts.
  ...webFeatures.map((feature) => ({
    target: webFeatures.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
    from: `./src/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts (src/features/${feature}/index.ts).`,
  })),
  {
    target: './src/lib',
    from: ['./src/features', './src/app'],
    message: 'lib/ is shared code: it imports neither features nor app/.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features import nothing from app/: what they share with the shell lives in lib/.',
  },
  {
    target: './src/app/**/*',
    from: './src/features/*/**/*',
    except: ['**/src/features/*/index.ts', '**/src/features/*/*-page.tsx'],
    message: "app/ imports a feature's index.ts, or lazily one of its page modules (src/features/<x>/*-page.tsx).",
  },
];

const serverRoot = import.meta.dirname;
const serverSrc = 'apps/server/src';
const serverAreas = readdirSync(path.join(serverRoot, serverSrc, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverZones = [
  // An area's files are its own: every other file of the server reaches it through modules/<area>/index.ts.
  ...serverAreas.map((area) => ({
    target: [`${serverSrc}/*.ts`, `${serverSrc}/!(modules)/**`, `${serverSrc}/modules/!(${area})/**`],
    from: `${serverSrc}/modules/${area}`,
    except: ['./index.ts'],
    message: `Another area reaches '${area}' only through modules/${area}/index.ts.`,
  })),
  {
    target: ['lib', 'db', 'plugins', 'documents', 'messaging'].map((dir) => `${serverSrc}/${dir}`),
    from: [`${serverSrc}/modules`, `${serverSrc}/app.ts`, `${serverSrc}/main.ts`],
    message: 'lib/, db/, plugins/, documents/ and messaging/ are shared layers: they never import an area or the app.',
  },
  { target: 'packages/contract', from: 'apps', message: 'The contract is shared by both apps and imports neither.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.test-builds/**', 'data/**', 'e2e/.artifacts/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Every search ignores accents and case (docs/decisions/access.md): Ant Design's own option filter compares
      // lower-cased text only, so a searchable select filters with lib/search.ts filterByLabel (or on the server).
      'no-restricted-syntax': [
        'error',
        optionFilterProp,
        // Ant Design's App is mounted only by the lazy notices' host (docs/decisions/web-delivery.md): App.useApp()
        // anywhere else gets no modal nor notification.
        {
          selector: "CallExpression[callee.object.name='App'][callee.property.name='useApp']",
          message: 'Use useFeedback() (lib/feedback.tsx): the page has no Ant Design App outside the notices\' host.',
        },
      ],
    },
  },
  {
    // The one place that mounts Ant Design's App and hands its calls to useFeedback().
    files: ['apps/web/src/lib/feedback-host.tsx'],
    rules: { 'no-restricted-syntax': ['error', optionFilterProp] },
  },
  // Web boundaries: bulletproof-react's model; the rules and why are in docs/architecture.md, "What may
  // import what" > "Web". A feature (src/features/<x>/) reaches another feature only through that feature's index.ts;
  // lib/ is shared code and imports neither features nor app/; features import nothing from app/; app/ (router and
  // shell) imports a feature's index.ts or, lazily per route, its page modules (src/features/<x>/*-page.tsx).
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the import graph stops at the first .ts/.tsx file and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${webDir}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: webDir, zones: webZones }],
    },
  },

  // Server boundaries. What may import what: docs/architecture.md § 'What may import what'.
  // - An area (apps/server/src/modules/<area>/) is reached from outside only through its index.ts.
  // - The shared layers (lib/, db/, plugins/, documents/, messaging/) never import an area, nor app.ts.
  // - The contract never imports from the apps.
  // - No import cycle anywhere in the server or the contract.
  {
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // .ts files are parsed for the cycle check (without these, no-cycle skips them silently).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: serverRoot, zones: serverZones }],
    },
  },
);
