import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import type { CompanyHeader } from './types.js';

/** Helpers for the documents tests only: reading back what the writers produce. */

const run = promisify(execFile);

/** A fresh temporary directory and its cleanup. */
export async function tempDir(prefix = 'portal-docs-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The text of a PDF as `pdftotext -layout` (poppler-utils) extracts it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { dir, cleanup } = await tempDir();
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await cleanup();
  }
}

/** A text as pdftotext reads it back from a PDF: the non-breaking space of money ('$ 1.234,56') comes out as a space. */
export const asPrinted = (text: string): string => text.replace(/\u00a0/g, ' ');

/** Entries of a zip file, read from its central directory (no zip64, stored or deflated). */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('Not a zip file: end of central directory not found');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('Bad central directory entry');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');
    p += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error('Bad local header');
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(start, start + compressedSize);
    if (method === 0) entries.push({ name, data: Buffer.from(raw) });
    else if (method === 8) entries.push({ name, data: inflateRawSync(raw) });
    else throw new Error(`Unsupported compression method ${method}`);
  }
  return entries;
}

/** A company as the documents tests print it. */
export const TEST_COMPANY: CompanyHeader = {
  name: 'Cooperativa Agropecuaria Ñandú Ltda.',
  cuit: '30712345671',
  address: 'Av. San Martín 1234, Pergamino, Buenos Aires',
  ivaCondition: 'IVA Responsable Inscripto',
  grossIncome: '901-123456-7',
  activityStart: '1998-03-01',
  primaryColor: '#2E7D32',
};
