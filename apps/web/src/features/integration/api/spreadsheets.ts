import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationAdminRoutes as routes, type SpreadsheetKind, type SpreadsheetResponse } from '@portal/contract';
import { api, apiBlob } from '../../../lib/api';
import { downloadBlob } from '../../../lib/files';

const withKind = (url: string, kind: SpreadsheetKind) => url.replace(':tipo', kind);

function send(url: string, file: File): Promise<SpreadsheetResponse> {
  const form = new FormData();
  form.set('archivo', file);
  return api<SpreadsheetResponse>(url, { method: 'POST', form });
}

/** POST /proxy/integracion/planillas/{tipo}/vista-previa: what the file would do; nothing is written. */
export const useSpreadsheetPreview = () =>
  useMutation({ mutationFn: ({ kind, file }: { kind: SpreadsheetKind; file: File }) => send(withKind(routes.spreadsheetPreview.url, kind), file) });

/** POST /proxy/integracion/planillas/{tipo}: the same file written; the batch list shows it. */
export function useSpreadsheetApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: SpreadsheetKind; file: File }) => send(withKind(routes.spreadsheetApply.url, kind), file),
    onSettled: () => client.invalidateQueries({ queryKey: ['integration-batches'] }),
  });
}

/** GET /proxy/integracion/planillas/{tipo}/plantilla?formato=…, saved as the file the import reads. */
export async function downloadSpreadsheetTemplate(kind: SpreadsheetKind, formato: 'xlsx' | 'csv'): Promise<void> {
  downloadBlob(await apiBlob(withKind(routes.spreadsheetTemplate.url, kind), { query: { formato } }), `plantilla-${kind}.${formato}`);
}
