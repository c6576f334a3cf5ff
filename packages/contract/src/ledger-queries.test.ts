import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ledgerQueries } from './common.js';
import { GRAIN_PAGE_SIZE, grainExportQuery, grainListQuery, grainMsg, grainQueryDoc } from './grain.js';
import { msg } from './messages.js';
import { STATEMENT_PAGE_SIZE, statementExportQuery, statementListQuery, statementMsg, statementQueryDoc } from './statements.js';

const messageOf = (r: { success: boolean; error?: z.ZodError }) => (r.success ? null : r.error!.issues[0]!.message);
const pathOf = (r: { success: boolean; error?: z.ZodError }) => (r.success ? null : r.error!.issues[0]!.path.join('.'));

test('ledgerQueries: the page size, the messages and the rule are the screen\'s, on the filter, the list and the export', () => {
  const q = ledgerQueries({ n: z.coerce.number().optional() }, (v) => (v.n === 13 ? { message: 'trece no', path: 'n' } : null), {
    pageSize: 5, tipoArchivoInvalido: 'tipo mal', solicitudInvalida: 'pedido mal', directOpen: { token: z.string().optional() },
  });
  assert.deepEqual(q.list.parse({}), { start: 0, limit: 5 });
  assert.equal(messageOf(q.list.safeParse({ limit: '101' })), 'pedido mal');
  assert.equal(messageOf(q.list.safeParse({ start: '-1' })), 'pedido mal');
  for (const s of [q.filter, q.list, q.export]) {
    const r = s.safeParse({ n: '13', files: 'true', type: 'pdf' });
    assert.equal(messageOf(r), 'trece no');
    assert.equal(pathOf(r), 'n');
  }
  assert.equal(messageOf(q.export.safeParse({ files: 'true', type: 'zip' })), 'tipo mal');
  assert.equal(messageOf(q.export.safeParse({ files: 'false', type: 'pdf' })), 'pedido mal');
  assert.deepEqual(q.export.parse({ files: '1', type: 'excel', token: 't' }), { files: '1', type: 'excel', token: 't' });
  // The documentation takes every parameter and judges none of the rules.
  assert.equal(q.doc.safeParse({ n: '13', start: '7', limit: '9', files: 'false', type: 'pdf', token: 't' }).success, true);
});

test('the statements and the grain ledger keep their page sizes, messages and rules', () => {
  assert.equal(statementListQuery.parse({}).limit, STATEMENT_PAGE_SIZE);
  assert.equal(grainListQuery.parse({}).limit, GRAIN_PAGE_SIZE);
  assert.equal(messageOf(statementListQuery.safeParse({ importedsd: '500', importehst: '100' })), statementMsg.importesInvertidos);
  assert.equal(messageOf(statementExportQuery.safeParse({ files: 'true', type: 'pdf', importedsd: '500', importehst: '100' })), statementMsg.importesInvertidos);
  assert.equal(messageOf(grainListQuery.safeParse({ fechaDesde: '2026-01-01' })), grainMsg.fechaHastaObligatoria);
  assert.equal(messageOf(grainExportQuery.safeParse({ files: 'true', type: 'pdf', fechaDesde: '2026-01-01' })), grainMsg.fechaHastaObligatoria);
  assert.equal(messageOf(statementExportQuery.safeParse({ files: 'true', type: 'zip' })), statementMsg.tipoArchivoInvalido);
  assert.equal(messageOf(grainExportQuery.safeParse({ files: 'true', type: 'zip' })), grainMsg.tipoArchivoInvalido);
  assert.equal(messageOf(grainListQuery.safeParse({ limit: '0' })), msg.solicitudInvalida);
  assert.equal(statementQueryDoc.safeParse({ importedsd: '500', importehst: '100', files: 'true', type: 'pdf' }).success, true);
  assert.equal(grainQueryDoc.safeParse({ fechaDesde: '2026-01-01', start: '7' }).success, true);
});
