import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@portal/contract';

/**
 * One source for each text: every Spanish message is written once, in the contract's message
 * sets (`msg`, `orderingMsg`, `fiscalMsg`, …), and the server and the browser use it from there. A copy drifts
 * ('Cargando...' beside 'Cargando....', two spellings of the generic error), so copies are refused here.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') sources(p, out);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** The code of a file without its comments (a comment may quote a text it explains). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[\s;,(){}])\/\/.*$/gm, '$1');
}

const quoted = (text: string) => [`'${text}'`, `"${text}"`, `\`${text}\``, `>${text}<`];

/** Every text of the contract's message sets (functions that build a text aside). */
function messages(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [set, value] of Object.entries(contract)) {
    if (!/^msg$|Msg$/.test(set) || !value || typeof value !== 'object') continue;
    for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
      if (typeof text === 'string' && !texts.has(text)) texts.set(text, `${set}.${key}`);
    }
  }
  return texts;
}

test('the contract writes each message once; the others refer to it', () => {
  const files = sources(path.join(root, 'packages/contract/src'));
  const all = files.map(code).join('\n');
  const copies: string[] = [];
  for (const [text, name] of messages()) {
    const n = quoted(text).reduce((sum, q) => sum + all.split(q).length - 1, 0);
    if (n > 1) copies.push(`${name} '${text}' is written ${n} times`);
  }
  assert.deepEqual(copies, []);
});

test('the server and the browser take the contract\'s sentences instead of copying them', () => {
  // Sentences, not the short labels a screen may also use as a heading ('Nuevo pedido', 'Fecha de entrega').
  const sentences = [...messages()].filter(([text]) => text.length >= 17);
  const copies: string[] = [];
  for (const file of [...sources(path.join(root, 'apps/server/src')), ...sources(path.join(root, 'apps/web/src'))]) {
    const text = code(file);
    for (const [sentence, name] of sentences) {
      if (quoted(sentence).some((q) => text.includes(q))) copies.push(`${path.relative(root, file)}: '${sentence}' (use ${name})`);
    }
  }
  assert.deepEqual(copies, []);
});

test("'Cargando....' is the only loading text", () => {
  assert.equal(contract.msg.cargando, 'Cargando....');
  const variants: string[] = [];
  for (const dir of ['packages/contract/src', 'apps/server/src', 'apps/web/src']) {
    for (const file of sources(path.join(root, dir))) {
      for (const m of code(file).matchAll(/Cargando\.+/g)) if (m[0] !== 'Cargando....' || !file.endsWith('messages.ts')) variants.push(`${path.relative(root, file)}: ${m[0]}`);
    }
  }
  assert.deepEqual(variants, []);
});

test('the texts the issue named: one generic error, the history\'s empty text, the page size message', () => {
  assert.equal(contract.orderingMsg.errorGenerico, 'No se puedo realizar la operanción');
  assert.equal(contract.receiptsMsg.noSePudoOperar, contract.orderingMsg.errorGenerico);
  assert.equal(contract.orderingMsg.historialVacio, 'No hay pedidos en el historial');
  assert.equal(contract.orderingMsg.limitInvalido, 'La cantidad por página (limit) debe ser un número entero entre 1 y 100.');
  // docs/decisions/ordering.md quotes the same generic error.
  const doc = readFileSync(path.join(root, 'docs/decisions/ordering.md'), 'utf8');
  assert.ok(doc.includes(`'${contract.orderingMsg.errorGenerico}'`), 'ordering.md quotes the generic error as the code has it');
});
