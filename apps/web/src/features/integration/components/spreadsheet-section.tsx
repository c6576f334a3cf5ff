import { useRef, useState } from 'react';
import { Alert, Button, Progress, Select, Spin, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  msg,
  SPREADSHEET_KIND_LABELS,
  SPREADSHEET_KINDS,
  spreadsheetMsg,
  type SpreadsheetKind,
  type SpreadsheetRejection,
  type SpreadsheetResponse,
} from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { PlainTable, type PlainColumn } from '../../../lib/plain-table';
import { downloadSpreadsheetTemplate, useSpreadsheetApply, useSpreadsheetPreview } from '../api/spreadsheets';

const count = new Intl.NumberFormat('es-AR');

const rejectionColumns: PlainColumn<SpreadsheetRejection>[] = [
  { key: 'fila', title: spreadsheetMsg.fila, align: 'right', width: 70, render: (r) => count.format(r.fila) },
  { key: 'columna', title: spreadsheetMsg.columna, width: 200, render: (r) => (r.columna ? `${r.columna} · ${r.campo}` : r.campo || '—') },
  { key: 'mensaje', title: spreadsheetMsg.mensaje, render: (r) => r.mensaje },
];

function Counts({ answer }: { answer: SpreadsheetResponse }) {
  const items = [
    { label: answer.aplicado ? spreadsheetMsg.escritas : spreadsheetMsg.seAceptarian, value: answer.aceptadas, testId: 'aceptadas' },
    { label: spreadsheetMsg.quedanIguales, value: answer.sin_cambios, testId: 'sin-cambios' },
    { label: spreadsheetMsg.seRechazarian, value: answer.rechazadas, testId: 'rechazadas', bad: answer.rechazadas > 0 },
  ];
  return (
    <dl className="integration-sheet-counts">
      {items.map((i) => (
        <div key={i.testId} className={i.bad ? 'integration-rejected' : undefined}>
          <dt>{i.label}</dt>
          <dd data-testid={`sheet-${i.testId}`}>{count.format(i.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Importar planilla': choose the kind, download its template, upload the file; the preview (nothing written) lists
 * every bad row and what would be written; 'Aplicar' sends the same file again and writes its good rows. The apply is
 * one request: its bar runs indeterminate until the answer, then shows the counts written.
 */
export function SpreadsheetSection() {
  const [kind, setKind] = useState<SpreadsheetKind>('productos');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const preview = useSpreadsheetPreview();
  const apply = useSpreadsheetApply();
  const notify = useNotify();
  const mobile = useIsMobile();

  function reset() {
    setFile(null);
    preview.reset();
    apply.reset();
  }
  function choose(f: File | null) {
    if (!f) return;
    apply.reset();
    setFile(f);
    preview.mutate({ kind, file: f });
  }
  async function template(formato: 'xlsx' | 'csv') {
    try {
      await downloadSpreadsheetTemplate(kind, formato);
    } catch (e) {
      notify.error(spreadsheetMsg.titulo, errorMessage(e, msg.errorGenerico));
    }
  }

  const answer = apply.data ?? preview.data;
  const busy = preview.isPending || apply.isPending;

  return (
    <section aria-labelledby="integration-sheet-title" className="integration-section" data-testid="integration-sheet">
      <Typography.Title level={4} id="integration-sheet-title">
        {spreadsheetMsg.titulo}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{spreadsheetMsg.intro}</Typography.Paragraph>
      <div className="integration-sheet-controls">
        <label className="integration-sheet-kind">
          <span>{spreadsheetMsg.tipoDato}</span>
          <Select
            value={kind}
            disabled={busy}
            onChange={(k) => {
              setKind(k);
              reset();
            }}
            options={SPREADSHEET_KINDS.map((k) => ({ value: k, label: SPREADSHEET_KIND_LABELS[k] }))}
            data-testid="sheet-kind"
            aria-label={spreadsheetMsg.tipoDato}
          />
        </label>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void template('xlsx')}>
          {spreadsheetMsg.descargarXlsx}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void template('csv')}>
          {spreadsheetMsg.descargarCsv}
        </Button>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled={busy} onClick={() => input.current?.click()}>
          {spreadsheetMsg.elegirArchivo}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          data-testid="sheet-file"
          aria-label={spreadsheetMsg.archivo}
          hidden
          onChange={(e) => {
            choose(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </div>

      {preview.isPending && (
        <div className="integration-sheet-busy">
          <Spin size="small" /> {spreadsheetMsg.revisando}
        </div>
      )}
      {preview.isError && <Alert type="error" showIcon message={file?.name} description={errorMessage(preview.error, msg.errorGenerico)} data-testid="sheet-error" />}
      {apply.isError && <Alert type="error" showIcon message={file?.name} description={errorMessage(apply.error, msg.errorGenerico)} data-testid="sheet-error" />}

      {answer && !preview.isPending && (
        <div className="integration-sheet-result" data-testid="sheet-result">
          <div className="integration-sheet-file">
            <strong>{answer.archivo}</strong>
            <span>{answer.aplicado ? spreadsheetMsg.aplicado : spreadsheetMsg.vistaPrevia}</span>
          </div>
          {apply.isPending && (
            <div className="integration-sheet-busy" data-testid="sheet-applying">
              <div className="integration-progress" role="progressbar" aria-label={spreadsheetMsg.aplicando(answer.recibidas)} />
              <span>{spreadsheetMsg.aplicando(answer.recibidas)}</span>
            </div>
          )}
          {answer.aplicado && <Progress percent={100} status="success" size="small" aria-label={spreadsheetMsg.aplicado} />}
          <Counts answer={answer} />
          {answer.rechazos.length > 0 ? (
            <>
              <Typography.Text strong>{spreadsheetMsg.filasConError}</Typography.Text>
              {mobile ? (
                <ul className="integration-sheet-rejections" data-testid="sheet-rejections">
                  {answer.rechazos.map((r) => (
                    <li key={`${r.fila}-${r.campo}`}>
                      <strong>
                        {spreadsheetMsg.fila} {count.format(r.fila)}
                      </strong>
                      {r.columna ? ` · ${r.columna} · ${r.campo}` : ''}
                      <div>{r.mensaje}</div>
                    </li>
                  ))}
                </ul>
              ) : (
                <div data-testid="sheet-rejections">
                  <PlainTable label={spreadsheetMsg.filasConError} columns={rejectionColumns} rows={answer.rechazos} rowKey={(r) => `${r.fila}-${r.campo}`} empty={null} maxHeight={320} minWidth={520} />
                </div>
              )}
            </>
          ) : (
            <Typography.Text type="secondary">{spreadsheetMsg.sinErrores}</Typography.Text>
          )}
          {!answer.aplicado && (
            <>
              <Typography.Text type="secondary">{answer.aceptadas > 0 ? (answer.rechazadas > 0 ? spreadsheetMsg.reglaAplicar : null) : spreadsheetMsg.nadaQueAplicar}</Typography.Text>
              <div className="integration-sheet-actions">
                <Button
                  type="primary"
                  icon={<CheckOutlined aria-hidden />}
                  disabled={answer.aceptadas === 0}
                  loading={apply.isPending}
                  onClick={() => file && apply.mutate({ kind, file })}
                  data-testid="sheet-apply"
                >
                  {spreadsheetMsg.aplicar}
                </Button>
                <Button disabled={apply.isPending} onClick={reset}>
                  {spreadsheetMsg.descartar}
                </Button>
              </div>
            </>
          )}
          {answer.aplicado && (
            <div className="integration-sheet-actions">
              <Button onClick={reset}>{spreadsheetMsg.otroArchivo}</Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
